#include "front/cli.h"
int cmd_info(int argc, char **argv) { (void)argc; (void)argv; cli_error("info: not built"); return 2; }
