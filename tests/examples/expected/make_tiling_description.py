#!/usr/bin/env python3
"""Writes ampcl-tiling-description.txt from the "Using Tiles" document alone.

The document's TilingDescription prints, for each of the 8 rows of a 9-column
matrix tiled 2x3, four lines (Value, Tile, Global, Local: one field per column)
and a blank line, with these formats (std::setw(2) for the value):
    "Value: " << setw(2) << value << "      "
    "Tile:   " << "(" << tileRow << "," << tileColumn << ")  "
    "Global: " << "(" << globalRow << "," << globalColumn << ")  "
    "Local:  " << "(" << localRow << "," << localColumn << ")  "
In C++ AMP order, element (row, column) lies in tile (row / 2, column / 3) at
local index (row % 2, column % 3), and its value is row * 9 + column.
"""
import pathlib

ROWS, COLS, TILE_ROWS, TILE_COLS = 8, 9, 2, 3


def lines():
    for row in range(ROWS):
        yield "".join(f"Value: {row * COLS + col:2d}      " for col in range(COLS))
        yield "".join(f"Tile:   ({row // TILE_ROWS},{col // TILE_COLS})  " for col in range(COLS))
        yield "".join(f"Global: ({row},{col})  " for col in range(COLS))
        yield "".join(f"Local:  ({row % TILE_ROWS},{col % TILE_COLS})  " for col in range(COLS))
        yield ""


out = pathlib.Path(__file__).with_name("ampcl-tiling-description.txt")
out.write_text("".join(line + "\n" for line in lines()))
