"""``keras.backend``: the global settings Keras programs ask for, and tf.keras's Keras 2
functions (``K.mean``, ``K.square``, ``K.variable`` ..., in ``legacy_backend``).

``set_floatx`` changes the dtype of layers, losses and metrics created afterwards
without a ``dtype`` argument, and of the floating data fit / evaluate / predict
convert (Keras 3's rule); ops keep computing in the dtype of their inputs.
"""

_FLOATS = ('bfloat16', 'float16', 'float32', 'float64')
_settings = {'floatx': 'float32', 'epsilon': 1e-7, 'image_data_format': 'channels_last'}


def floatx():
    """The default float dtype of new layers and weights ('float32' unless ``set_floatx`` changed it)."""
    return _settings['floatx']


def set_floatx(value):
    """Make ``value`` ('bfloat16', 'float16', 'float32' or 'float64') the default dtype of new layers.

    Raises:
        ValueError: any other value.
    """
    if value not in _FLOATS:
        # Keras 3's words; it prints a set, so the order changes from run to run as in Keras
        error = ValueError('Unknown `floatx` value: %s. Expected one of %s' % (value, set(_FLOATS)))
        error.add_note("set_floatx: use 'float32' (the default), 'float64', 'float16' or 'bfloat16'")
        raise error
    _settings['floatx'] = str(value)


def epsilon():
    """The fuzz factor Keras adds to denominators (1e-7 unless ``set_epsilon`` changed it)."""
    return _settings['epsilon']


def set_epsilon(value):
    """Set the value ``epsilon()`` returns (Keras's losses and metrics built afterwards read it)."""
    _settings['epsilon'] = float(value)


def image_data_format():
    """'channels_last' (the default) or 'channels_first', as ``set_image_data_format`` left it."""
    return _settings['image_data_format']


def set_image_data_format(data_format):
    """Set the default image layout ('channels_last' or 'channels_first').

    tapeflow's convolution and pooling layers compute channels_last only: they
    reject 'channels_first' when it reaches them, with a message saying so.

    Raises:
        ValueError: a value other than those two.
    """
    value = str(data_format).lower()
    if value not in ('channels_first', 'channels_last'):
        raise ValueError("set_image_data_format: expected 'channels_first' or 'channels_last', got %r"
                         % (data_format,))
    _settings['image_data_format'] = value


def get_uid(prefix=''):
    """1, 2, 3 ... on successive calls with one ``prefix``; shares its counts with automatic layer
    names, as Keras's does (after ``Dense()`` named 'dense', ``get_uid('dense')`` is 2)."""
    from ..object_names import next_uid
    return next_uid(prefix)


def backend():
    """'tensorflow': tapeflow stands in for Keras's TensorFlow backend, so programs that branch on
    ``keras.backend.backend() == 'tensorflow'`` (Keras 3's examples do) take TF's path and print what
    TF prints. ``tf.__version__`` still names tapeflow."""
    return 'tensorflow'


def clear_session(free_memory=True):
    """Forget automatic names (layers, optimizers, losses, metrics, variables), so the next Dense
    is 'dense' again (Keras 3's main effect), the global dtype policy (floatx() stays), and the
    global SeedGenerator of unseeded draws (the next one takes a new seed from Python's random,
    as Keras's global state is dropped with it), and the random ops' kernels: on TensorFlow Keras
    clears the eager kernel cache, so an op-seeded op (``tf.random.uniform([2], seed=5)``, eager or
    in a tf.function) draws its first values again (the global seed and its op seeds go on). The
    switches kept in Keras's global state go back to their defaults too: interactive logging,
    traceback filtering, flash attention, and safe mode (enable_unsafe_deserialization's).

    There is no graph to reset: tapeflow executes eagerly.
    """
    from ..object_names import reset
    from ..random import clear_kernel_cache
    from .global_switches import forget_session_switches
    from .interactive_logging import enable_interactive_logging
    from .mixed_precision import reset_global_policy
    from .seed_generator import reset_global_seed_generator
    reset()
    reset_global_policy()
    reset_global_seed_generator()
    clear_kernel_cache()
    forget_session_switches()
    enable_interactive_logging()


def standardize_dtype(dtype):
    """A dtype's Keras 3 name ('float32'), from a name, numpy dtype or Python type
    (None is floatx(); Python int is 'int64', as Keras 3.15 says).

    Raises:
        ValueError: a name that is no dtype ('float' is not one: say 'float32').
    """
    from framework import dtypes
    if dtype is None:
        return floatx()
    if isinstance(dtype, type) and dtype in (float, int, bool):     # np.dtype('float64') == float, so not for it
        return {float: 'float32', int: 'int64', bool: 'bool'}[dtype]
    if isinstance(dtype, str) and dtype == 'int':       # Keras's PYTHON_DTYPES_MAP reads 'int' as int
        return 'int64'
    if isinstance(dtype, type) and dtype in (list, tuple, dict, set):
        # numpy reads these classes as its object dtype (tapeflow's string); Keras knows no such dtype
        error = ValueError('Invalid dtype: %s' % dtype.__name__)
        error.add_note('standardize_dtype: %r is no dtype' % (dtype,))
        raise error
    try:
        return dtypes.as_keras_dtype(dtype).name
    except (TypeError, ValueError) as err:
        # Keras 3's words (it names a Python type by its __name__)
        error = ValueError('Invalid dtype: %s' % (dtype.__name__ if isinstance(dtype, type) else dtype,))
        error.add_note('standardize_dtype: %r is no dtype (%s)' % (dtype, err))
        raise error from None


def result_type(*dtypes):
    """The dtype Keras 3 computes in when these dtypes meet ('float32' when none is given), on its
    promotion lattice: Python int and float are weak ('int8' with int is 'int8'), uint64 and
    complex128 results narrow to uint32 and complex64 (see dtype_lattice)."""
    from .dtype_lattice import lattice_result_type, refuse_float8
    if not dtypes:
        return floatx()
    refuse_float8(dtypes)
    dtypes = [floatx() if d is None else d for d in dtypes]
    return lattice_result_type([standardize_dtype(d) for d in dtypes], [d is int or d is float for d in dtypes],
                               floatx())


def is_float_dtype(dtype):
    return standardize_dtype(dtype).startswith(('float', 'bfloat'))


def is_int_dtype(dtype):
    return standardize_dtype(dtype).startswith(('int', 'uint'))


def is_keras_tensor(x):
    """Whether ``x`` is a symbolic KerasTensor (made by ``keras.Input`` or a layer called on one)."""
    from layers.functional.keras_tensor import KerasTensor
    return isinstance(x, KerasTensor)


def __getattr__(name):
    # keras.backend.convert_to_tensor, convert_to_numpy, is_tensor are keras.ops' functions.
    if name in ('convert_to_numpy', 'convert_to_tensor', 'is_tensor'):
        from . import ops
        return getattr(ops, name)
    raise AttributeError("module 'keras.backend' has no attribute %r" % (name,))


from .keras_variable import Variable  # noqa: E402,F401  (it reads floatx() and standardize_dtype above)
# tf.keras.backend's Keras 2 functions (K.mean, K.square, K.variable, K.rnn ...), read at call time
# from the settings above.
from .legacy_backend import *  # noqa: E402,F401,F403
