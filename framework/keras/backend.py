"""``keras.backend``: the few global settings Keras programs ask for."""
from framework.variable import Variable  # noqa: F401

_EPSILON = 1e-7


def floatx():
    """The default float dtype: tapeflow computes in float32."""
    return 'float32'


def epsilon():
    """The fuzz factor Keras adds to denominators (1e-7)."""
    return _EPSILON


def image_data_format():
    return 'channels_last'


def backend():
    return 'tapeflow'


def clear_session(free_memory=True):
    """Forget automatic layer names, so the next Dense is 'dense' again (Keras 3's main effect).

    There is no graph to reset: tapeflow executes eagerly.
    """
    import layers.naming
    layers.naming.reset_names()


def standardize_dtype(dtype):
    """A dtype's Keras 3 name ('float32'), from a name, numpy dtype or Python type."""
    from framework import dtypes
    if dtype in (float, int, bool):
        return {float: 'float32', int: 'int32', bool: 'bool'}[dtype]
    return dtypes.as_dtype(dtype).name


def result_type(*dtypes):
    """The dtype Keras 3 computes in when these dtypes meet ('float32' when none is given)."""
    import numpy as np
    from .ops_dtypes import result_dtype
    names = [standardize_dtype(d) for d in dtypes if d is not None]
    if not names:
        return floatx()
    out = np.dtype(names[0])
    for name in names[1:]:
        out = result_dtype(out, np.dtype(name))
    return out.name


def is_float_dtype(dtype):
    return standardize_dtype(dtype).startswith(('float', 'bfloat'))


def is_int_dtype(dtype):
    return standardize_dtype(dtype).startswith(('int', 'uint'))


def is_keras_tensor(x):
    """False: tapeflow has no symbolic tensors, every tensor holds values."""
    return False


def __getattr__(name):
    # keras.backend.convert_to_tensor, cast, is_tensor ... are keras.ops' functions.
    if name in ('cast', 'convert_to_numpy', 'convert_to_tensor', 'is_tensor', 'shape', 'stop_gradient'):
        from . import ops
        return getattr(ops, name)
    raise AttributeError("module 'keras.backend' has no attribute %r" % (name,))
