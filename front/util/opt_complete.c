/* opt_complete.c — a bash completion script from the commands' option
 * tables (see opt.h, opt_bash_completion). */
#include <string.h>
#include "front/util/opt.h"

/* The words of list, separated by spaces (suffix after each: "=" for keys). */
static void words(FILE *out, opt_values_fn list, const char *suffix)
{
    for (size_t i = 0; list && list(i); i++)
        fprintf(out, "%s%s%s", i ? " " : "", list(i), suffix);
}

/* "_gcnsim_cmd_trace_diff" for "trace diff". */
static void fn_name(FILE *out, const opt_cmd_t *c)
{
    fputs("_gcnsim_cmd_", out);
    for (const char *p = c->name; *p; p++)
        fputc(*p == ' ' || *p == '-' ? '_' : *p, out);
}

/* The case arm for the option o's value ($1 is the option before the word). */
static void value_arm(FILE *out, const opt_t *o)
{
    fputs("        ", out);
    if (o->letter)
        fprintf(out, "-%c%s", o->letter, o->name ? "|" : "");
    if (o->name)
        fprintf(out, "--%s", o->name);
    fputs(") ", out);
    if (o->flags & (OPT_LIST | OPT_KEYS)) {
        fputs("_gv=\"", out);
        words(out, o->values, o->flags & OPT_KEYS ? "=" : "");
        fprintf(out, "\"%s ;;\n", o->flags & OPT_KEYS ? "; _gnospace=1" : "");
    } else if (o->flags & (OPT_PATH | OPT_DIR))
        fprintf(out, "_gf=%s ;;\n", o->flags & OPT_DIR ? "d" : "f");
    else
        fputs("_gnone=1 ;;\n", out);
}

/* One command's function: sets _gv/_gf/_gnone for the word after $1,
 * _go (its options) and _gp (its operands' values; empty: files). */
static void cmd_fn(FILE *out, const opt_cmd_t *c)
{
    fn_name(out, c);
    fputs("() {\n    case $1 in\n", out);
    for (const opt_table_t *const *t = c->tables; t && *t; t++)
        for (const opt_t *o = (*t)->rows; o->name || o->letter; o++)
            if (o->arg && !(o->flags & OPT_OPT_NUM))   /* an optional number: anything may follow */
                value_arm(out, o);
    fputs("    esac\n    _go=\"", out);
    for (const opt_table_t *const *t = c->tables; t && *t; t++)
        for (const opt_t *o = (*t)->rows; o->name || o->letter; o++) {
            if (o->name)
                fprintf(out, "--%s%s ", o->name, o->arg && !(o->flags & (OPT_TWO | OPT_OPT_NUM)) ? "=" : "");
            else
                fprintf(out, "-%c ", o->letter);
        }
    fputs("--help\"\n    _gp=\"", out);
    if (c->subs)
        for (const opt_cmd_t *const *s = c->subs; *s; s++)
            fprintf(out, "%s%s", s == c->subs ? "" : " ", strrchr((*s)->name, ' ') ? strrchr((*s)->name, ' ') + 1
                                                                                  : (*s)->name);
    else
        words(out, c->positional, "");
    fputs("\"\n}\n\n", out);
}

static const char main_fn[] =
    "_gcnsim() {\n"
    "    local cur=${COMP_WORDS[COMP_CWORD]} prev= pre= cmd i\n"
    "    local _gv= _gf= _gnone= _gnospace= _go= _gp=\n"
    "    COMPREPLY=()\n"
    "    # \"--opt=VALUE\" arrives as --opt, =, VALUE when = is a word break\n"
    "    if [[ $cur == = ]]; then cur=; prev=${COMP_WORDS[COMP_CWORD-1]}\n"
    "    elif ((COMP_CWORD >= 2)) && [[ ${COMP_WORDS[COMP_CWORD-1]} == = ]]; then prev=${COMP_WORDS[COMP_CWORD-2]}\n"
    "    elif [[ $cur == --*=* ]]; then prev=${cur%%=*}; pre=$prev=; cur=${cur#*=}\n"
    "    elif ((COMP_CWORD >= 1)); then prev=${COMP_WORDS[COMP_CWORD-1]}; fi\n"
    "    # the command: the first word after gcnsim, and its subcommand if it has them\n"
    "    cmd=${COMP_WORDS[1]}\n"
    "    if ((COMP_CWORD > 2)) && declare -F \"_gcnsim_cmd_${cmd}_${COMP_WORDS[2]//-/_}\" >/dev/null; then\n"
    "        cmd=${cmd}_${COMP_WORDS[2]//-/_}\n"
    "    fi\n"
    "    if ((COMP_CWORD <= 1)); then cmd=gcnsim; fi\n"
    "    declare -F \"_gcnsim_cmd_${cmd//-/_}\" >/dev/null || return 0\n"
    "    \"_gcnsim_cmd_${cmd//-/_}\" \"$prev\"\n"
    "    if [[ -n $_gnone ]]; then return 0\n"
    "    elif [[ -n $_gv ]]; then COMPREPLY=($(compgen -W \"$_gv\" -- \"$cur\"))\n"
    "        [[ -n $_gnospace || \" ${COMPREPLY[*]} \" == *[=:]\" \"* ]] && compopt -o nospace 2>/dev/null\n"
    "    elif [[ $_gf == d ]]; then COMPREPLY=($(compgen -d -- \"$cur\")); compopt -o filenames 2>/dev/null\n"
    "    elif [[ -n $_gf ]]; then COMPREPLY=($(compgen -f -- \"$cur\")); compopt -o filenames 2>/dev/null\n"
    "    elif [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"$_go\" -- \"$cur\"))\n"
    "        [[ ${COMPREPLY[*]} == *= ]] && compopt -o nospace 2>/dev/null\n"
    "    elif [[ -n $_gp ]]; then COMPREPLY=($(compgen -W \"$_gp\" -- \"$cur\"))\n"
    "    else COMPREPLY=($(compgen -f -- \"$cur\")); compopt -o filenames 2>/dev/null\n"
    "    fi\n"
    "    if [[ -n $pre ]]; then\n"
    "        for i in \"${!COMPREPLY[@]}\"; do COMPREPLY[i]=$pre${COMPREPLY[i]}; done\n"
    "    fi\n"
    "    return 0\n"
    "}\n"
    "complete -F _gcnsim gcnsim\n";

/* c's function and its subcommands' (recursively). */
static void cmd_fns(FILE *out, const opt_cmd_t *c)
{
    cmd_fn(out, c);
    for (const opt_cmd_t *const *s = c->subs; s && *s; s++)
        cmd_fns(out, *s);
}

void opt_bash_completion(FILE *out, const opt_cmd_t *top)
{
    fputs("# bash completion for gcnsim, generated by `gcnsim help --bash-completion`:\n"
          "# source it, or install it as /usr/share/bash-completion/completions/gcnsim\n\n", out);
    cmd_fns(out, top);
    fputs(main_fn, out);
}
