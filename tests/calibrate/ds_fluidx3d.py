"""FluidX3D's single-GPU benchmark (rows K26-K37, column FP32/FP32): the
dataset `fluidx3d` of make calibrate.

The published method (CALIBRATION.md, S4): a D3Q19 SRT lattice-Boltzmann
fluid in an empty cubic box of 256^3 cells, kernel stream_collide, 153 B of
memory traffic and 363 FLOPs per cell update in FP32 arithmetic and FP32
storage, MLUPs/s = million cell updates per second (the peak over the run).
Here: our own kernel written from that method (tests/calibrate/kernels/lbm.cl:
pull streaming between two buffers A and B, structure of arrays, periodic
box, 19 floats read, 19 written and a 1-byte flag read per cell = 153 B;
density and velocity not stored), one work-item per cell, work-groups of
64, one time step (one launch) on a shrunk box, MLUPs/s = cells /
simulated kernel time (cycles / clock) / 1e6.

Not reproduced: the FP32/FP16S and FP32/FP16C columns.  They store the
populations in 16-bit number formats of FluidX3D's own (77 B per cell) and
their times depend on its conversion arithmetic (406 and 1275 FLOPs per
cell, FP16C a custom format); that code is under FluidX3D's non-commercial
licence, not read and not rewritten here, so only the FP32/FP32 column is
in this dataset.
"""
import os

from common import HERE, PRESET_TARGET, Point, Run, board_sets, pow2

# The measured boards.  The README's table gives the data-sheet bandwidth
# (used as dram_gbps) but no clock (CALIBRATION.md: "clock not stated"), so
# the clock is the board's data-sheet peak engine clock ("boost" / "up
# to", the same rule as the BabelStream boards), the CUs its data sheet's.
# Boards of no preset run on their chip's or generation's preset: R9 390X
# on r9-290x (Grenada = Hawaii), Fury X on r9-nano (both Fiji), RX 580 and
# 570 on rx-480 (Polaris), Radeon VII and MI60 on mi50 (Vega 20).
LBM_BOARDS = {
    # 193 MLUPs/s = 11% of the data sheet, far below the board's BabelStream (B1);
    # the README gives no reason (CALIBRATION.md: weight it low)
    "K26": dict(board="Radeon HD 7970", clock_mhz=925, cus=32, dram_gbps=264,
                note="published 11% of data-sheet BW, unexplained"),
    "K27": dict(board="Radeon R9 290X", clock_mhz=1000, cus=44, dram_gbps=320),
    "K28": dict(board="Radeon R9 390X", clock_mhz=1050, cus=44, dram_gbps=384),
    "K29": dict(board="Radeon R9 Fury X", clock_mhz=1050, cus=64, dram_gbps=512),
    "K30": dict(board="Radeon R9 Nano", clock_mhz=1000, cus=64, dram_gbps=512),
    "K31": dict(board="Radeon RX 480 8GB", clock_mhz=1266, cus=36, dram_gbps=256),
    "K32": dict(board="Radeon RX 580 4GB", clock_mhz=1340, cus=36, dram_gbps=256),
    # 2021 MLUPs/s x 153 B = 309 GB/s, above the 224 GB/s data sheet; the
    # README's own bracket, 70%, is 1025 MLUPs/s (quoted as published)
    "K33": dict(board="Radeon RX 570 4GB", clock_mhz=1244, cus=32, dram_gbps=224,
                note="published > data-sheet BW; its 70% = 1025"),
    "K34": dict(board="Radeon RX Vega 64", clock_mhz=1546, cus=64, dram_gbps=484),
    "K35": dict(board="Radeon VII", clock_mhz=1750, cus=60, dram_gbps=1024),
    "K36": dict(board="Instinct MI50 32GB", clock_mhz=1725, cus=60, dram_gbps=1024),
    "K37": dict(board="Instinct MI60", clock_mhz=1800, cus=64, dram_gbps=1024),
}

LBM_QUANTITY = "FluidX3D D3Q19 stream_collide FP32/FP32"
LBM_PUBLISHED = 256         # edge of the published box
# Edge of the shrunk box.  Every population of A is read once and every one
# of B written once per step, so the box's size matters through the DRAM
# rows and channels the 38 streams (q*N floats apart) meet, the ramp at the
# start and end, and the dirty lines still in the L2 at the end (not yet
# DRAM traffic: at 64^3 the rx-480 run moves 148 B per cell to DRAM, at
# 128^3 and above 154).  Simulated MLUPs/s at the presets' own parameters
# (one step, `--lbm-size`):
#             64^3    96^3   128^3   192^3   256^3   128^3 vs 256^3
#   hd-7970      .       .    1401       .    1394      +0.5%
#   r9-290x      .       .    1748       .    1748      +0.0%
#   r9-nano      .       .    2281       .    2289      -0.4%
#   rx-480    1407     829    1059    1013    1074      -1.4%
#   vega-64      .       .    2636       .    2598      +1.5%
#   mi50      5216    5313    5582    5572    5592      -0.2%
# A power-of-two edge places the 19 arrays of a buffer at the same DRAM
# channel and bank, as the published 256^3 does; other edges spread them
# (96^3 on rx-480: 58% DRAM row hits against 67% at 128^3).  128^3 (2^21
# cells, 152 MiB per buffer) is the smallest box within 1.5% of 256^3 on
# every preset; a 256^3 run takes 2-3 minutes, a 128^3 one 7-17 s.
LBM_SHRUNK = 128
LBM_LOCAL = 64              # FluidX3D's default work-group size (not in CALIBRATION.md)
LBM_TAU = 3.5               # nu = 1 (LBM(256,256,256,1.0f)) taken as the viscosity: tau = 3 nu + 1/2
                            # (assumed; no effect on the timing)


def lbm_points(rows, edge=None):
    """Points of the FluidX3D FP32/FP32 rows, each with its Run; edge: the box's edge in cells."""
    pts = []
    n_edge = edge or LBM_SHRUNK
    cells = n_edge ** 3
    for row in rows:
        if row["quantity"] != LBM_QUANTITY:
            continue
        pt = Point("fluidx3d", row)
        board = LBM_BOARDS[pt.id.split(".")[0]]
        sets = board_sets(pt.preset, board)
        co = os.path.join(HERE, "bin", "lbm-%s.co" % PRESET_TARGET[pt.preset])
        # A and B zero-filled: the kernel has no data-dependent branch, its timing does
        # not depend on the values; flags zero: every cell fluid (an empty box)
        args = ["zero:%d" % (19 * 4 * cells), "zero:%d" % (19 * 4 * cells), "zero:%d" % cells,
                "u32:%d" % n_edge, "u32:%d" % n_edge, "u32:%d" % n_edge,
                "f32:%r" % (1.0 / LBM_TAU)]
        pt.run = Run(co, pt.preset, "stream_collide", cells, LBM_LOCAL, args, sets)
        pt.runs = [pt.run]
        pt.cells = cells
        pt.n, pt.n_published, pt.local, pt.board = cells, LBM_PUBLISHED ** 3, LBM_LOCAL, board
        if n_edge != LBM_PUBLISHED:
            pt.notes.append("box %d^3 of %d^3" % (n_edge, LBM_PUBLISHED))
        if sets:
            pt.notes.append(" ".join(sets))
        if "note" in board:
            pt.notes.append(board["note"])
        pts.append(pt)
    return pts


def lbm_value(pt):
    """MLUPs/s: cells updated / simulated kernel time / 1e6."""
    if pt.run.error is not None:
        return None
    return pt.cells / pt.run.seconds_simulated() / 1e6


def lbm_intro(edge=None):
    n_edge = edge or LBM_SHRUNK
    return ("\nFluidX3D D3Q19 SRT stream_collide, FP32/FP32 (153 B per cell): our kernel "
            "(tests/calibrate/kernels/lbm.cl, clang-15 -O2), pull streaming between two "
            "buffers, structure of arrays, periodic box, one work-item per cell, work-groups "
            "of %d, one time step on a %d^3 box (published 256^3: %s cells; %s here); "
            "MLUPs/s = cells / simulated kernel time / 1e6.  CUs, peak engine clock and "
            "data-sheet DRAM bandwidth of the measured board set where they differ from the "
            "preset (the README states no clock).  FP32/FP16S and FP32/FP16C (16-bit "
            "storage in FluidX3D's own number formats) not reproduced.\n"
            % (LBM_LOCAL, n_edge, pow2(LBM_PUBLISHED ** 3), pow2(n_edge ** 3)))
