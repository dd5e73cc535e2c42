"""``keras.dtype_policies``: the policy classes and their ``get`` / ``serialize`` / ``deserialize``.

``FloatDTypePolicy`` is Keras 3's older name, a subclass equal to the ``DTypePolicy`` of the same
name. The quantized policies ('int8_from_float32' ...) are not supported by tapeflow.
"""
from .mixed_precision import DTypePolicy

__all__ = ['DTypePolicy', 'FloatDTypePolicy', 'deserialize', 'get', 'serialize']

_QUANTIZED = ('int8', 'int4', 'float8', 'gptq', 'awq')


class FloatDTypePolicy(DTypePolicy):
    """An alias of DTypePolicy (Keras 3 keeps it for older configs); serialised under its own name."""


def serialize(dtype_policy):
    """``{'module': 'keras', 'class_name': ..., 'config': {'name': ...}, 'registered_name': None}``."""
    from .object_serialization import serialize_keras_object
    return serialize_keras_object(dtype_policy)


# Keras 3's dtype_policies.ALL_OBJECTS_DICT (tapeflow refuses the quantized ones when it builds them)
_KERAS_TABLE = frozenset(('DTypePolicy', 'FloatDTypePolicy', 'DTypePolicyMap', 'QuantizedDTypePolicy',
                          'QuantizedFloat8DTypePolicy', 'Int4DTypePolicy', 'GPTQDTypePolicy', 'AWQDTypePolicy'))


def deserialize(config, custom_objects=None):
    """``keras.dtype_policies.deserialize``: ``deserialize_known``, with Keras 3's answer for what its
    table lacks (a name, or a dict's class name, comes back as it is)."""
    from .module_table_deserialize import deserialize_in_table
    return deserialize_in_table(config, custom_objects, _KERAS_TABLE, deserialize_known)


def deserialize_known(config, custom_objects=None):
    """The policy a ``serialize`` dict describes.

    Raises:
        ValueError: a config of another class.
    """
    classes = dict({'DTypePolicy': DTypePolicy, 'FloatDTypePolicy': FloatDTypePolicy}, **(custom_objects or {}))
    cls = classes.get(config.get('class_name')) if isinstance(config, dict) else None
    if not (isinstance(cls, type) and issubclass(cls, DTypePolicy)):
        raise ValueError('keras.dtype_policies.deserialize: %r is not a serialized dtype policy' % (config,))
    return cls.from_config(config['config'])


def get(identifier):
    """A policy from a name ('float64'), a dtype (np.float64), a serialised dict or a policy;
    None gives the global policy.

    Raises:
        ValueError: anything else, or a quantized policy name (not supported by tapeflow).
    """
    from .backend import standardize_dtype
    from .mixed_precision import global_policy
    if identifier is None:
        return global_policy()
    if isinstance(identifier, DTypePolicy):
        return identifier
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        if identifier.startswith(_QUANTIZED):
            if len(identifier.split('_from_')) != 2:          # Keras 3's own refusal ('int8', 'float8_e4m3fn')
                raise ValueError('Cannot convert `policy` into a valid pair (`mode`, `source_name`) to instantiate '
                                 '`QuantizedDTypePolicy`. Received: policy=%s' % (identifier,))
            raise ValueError('keras.dtype_policies.get(%r): quantized dtype policies are not supported by tapeflow'
                             % (identifier,))
        return DTypePolicy(identifier)
    try:
        return DTypePolicy(standardize_dtype(identifier))
    except (TypeError, ValueError):
        raise ValueError('Cannot interpret `dtype` argument. Expected a string or an instance of DTypePolicy. '
                         'Received: dtype=%s' % (identifier,)) from None


# A missing name reads as Keras prints it ("module 'keras.dtype_policies' has no attribute ..."), not with tapeflow's path
from ._forward import missing_names as _missing_names  # noqa: E402
__getattr__ = _missing_names('keras.dtype_policies')
