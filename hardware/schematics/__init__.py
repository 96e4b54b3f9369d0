"""The circuit as SKiDL code, with the netlists, BOMs and drawings made from it."""
