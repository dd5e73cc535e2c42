"""Normalizing what a layer is constructed with: dtypes, legacy shape
keywords, and ``add_weight``'s positional arguments."""
from framework import dtypes

from .quantize_refusal import QUANTIZATION_MODES


def dtype_policy(name):
    """Keras 3's serialized dtype policy of the policy ``name`` ('float32', 'mixed_float16')."""
    return {'module': 'keras', 'class_name': 'DTypePolicy', 'config': {'name': name},
            'registered_name': None}


def shared_policy_identity(dtype):
    """What a layer made with ``dtype`` shares its policy with: Keras's global policy object
    when no dtype is given (see ``policy_sharing``), nothing otherwise."""
    if dtype is not None:
        return None
    from framework.keras.mixed_precision import global_policy_identity
    return global_policy_identity()


def standardize_policy(dtype, who):
    """(variable dtype, compute dtype) as numpy dtypes, and the mixed policy's name (None for a
    plain dtype), for a layer's ``dtype`` argument: None (the global policy), a dtype in any
    spelling, a DTypePolicy, its name ('mixed_float16') or its serialized dict."""
    from framework.keras.mixed_precision import global_policy, policy_dtypes
    if isinstance(dtype, str) and dtype.startswith(QUANTIZATION_MODES) and len(dtype.split('_from_')) != 2 \
            and who != 'InputLayer':           # (an Input's dtype is a dtype, not a policy)
        # Keras 3's dtype_policies.get reads these names as quantized policies ('int8_from_float32'):
        # a plain 'int8' or 'float8_e4m3fn' fails its split
        raise ValueError('Cannot convert `policy` into a valid pair (`mode`, `source_name`) to instantiate '
                         '`QuantizedDTypePolicy`. Received: policy=%s' % (dtype,))
    if dtype is None:
        # keras.backend.set_floatx and keras.mixed_precision.set_global_policy choose the default.
        dtype = global_policy().name
    if isinstance(dtype, dict):               # a serialized DTypePolicy
        dtype = dtype.get('config', {}).get('name', dtype)
    name = getattr(dtype, 'name', dtype)
    pair = policy_dtypes(name) if isinstance(name, str) else None
    if pair is not None and pair[0] != pair[1]:
        return dtypes.numpy_dtype(pair[1]), dtypes.numpy_dtype(pair[0]), name
    try:
        variable = dtypes.as_keras_dtype(name if isinstance(name, str) else dtype).dtype
    except TypeError:
        if isinstance(name, str):        # Keras 3 reads a layer's dtype string as a DTypePolicy name: its words
            raise ValueError("Cannot convert '%s' to a mixed precision DTypePolicy. Valid policies include "
                             "'mixed_float16', 'mixed_bfloat16', and the name of any float dtype such as 'float32'."
                             % name) from None
        # keras.dtype_policies.get's words for what standardize_dtype refuses (a DataType enum too)
        raise ValueError('Cannot interpret `dtype` argument. Expected a string or an instance of DTypePolicy. '
                         'Received: dtype=%s' % (dtype,)) from None
    return variable, variable, None


def legacy_batch_shape(legacy, who):
    # Keras 3 reads input_dim first, as the shape (input_dim,), and ignores input_shape=None; the
    # Sequential's InputLayer(shape=...) checks it in standardize_shape's words ("Cannot convert '4' to a
    # shape.", "... Found invalid dimension 'a' of type ..."), which are given here when the layer is made
    input_dim = legacy.get('input_dim')
    shape = (input_dim,) if input_dim is not None else legacy.get('input_shape')
    if shape is None:
        return None
    from .input_spec import standardize_shape
    return (legacy.get('batch_size'),) + standardize_shape(shape)


def positional_weight_args(args, shape, initializer, dtype):
    if not args:
        return shape, initializer, dtype
    if len(args) > 3:
        raise TypeError('add_weight() takes at most 3 positional arguments (shape, initializer, dtype) '
                        'but %d were given' % len(args))
    if isinstance(args[0], str):
        raise ValueError("`name` must be passed as a keyword argument. Received: add_weight('%s', ...). "
                         "Use: add_weight(shape=..., name='%s')." % (args[0], args[0]))
    given = dict(zip(('shape', 'initializer', 'dtype'), args))
    current = {'shape': shape, 'initializer': initializer, 'dtype': dtype}
    for key, value in given.items():
        if current[key] is not None:
            raise ValueError('add_weight: `%s` was passed both positionally and as a keyword argument' % key)
        current[key] = value
    return current['shape'], current['initializer'], current['dtype']
