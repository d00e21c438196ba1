// Bodies of asmHandler and asmHelper would live here; analysis needs none.
