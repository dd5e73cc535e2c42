"""TF's reading of an op's type attribute (Lu's output_idx_type): the op wrapper runs as_dtype on the value
(_MakeType) before it converts any input, so a value that names no dtype (a tensor, 2.5, 'foo') is a
TypeError "Expected DataType for argument 'output_idx_type' not 2.5." whatever the input; None leaves the
attribute at its default; an int is a DataType enum (3 is int32, 1 float32). Eager dispatch's fast path
takes a DType or an int, so only those add the ' name: ' tail to a later registry error; a string or a
numpy type goes the slow path, without it (TF 2.21, /work/notes/progs/errors51/p4.py)."""
from ..dtypes import DType, as_dtype


def refused_type(value, argument):
    """The op wrapper's TypeError for a type attribute ``value`` that names no dtype (TF 2.21's make_type)."""
    return TypeError("Expected DataType for argument '%s' not %r." % (argument, value))


def type_attribute(value, argument, default):
    """(the DType ``value`` names, whether TF's fast path took it); ``default`` (a DType) for None."""
    if value is None:
        return default, True
    try:
        dtype = as_dtype(value)
    except (TypeError, ValueError):
        dtype = None
    if dtype is None:
        raise refused_type(value, argument)
    return dtype, isinstance(value, (DType, int))
