"""``keras.mixed_precision``: dtype policies, the dtypes new layers compute in and keep weights in.

A policy named after a float dtype ('float16', 'bfloat16', 'float32', 'float64')
computes and stores in that dtype. Keras's mixed policies compute in 16 bits and
keep float32 weights: 'mixed_float16' (compute float16) and 'mixed_bfloat16'
(compute bfloat16). A layer under one casts its floating inputs to the compute
dtype and reads its weights as that dtype inside ``call`` (see
``layers/autocast.py``), so the gradients reach the float32 weights in float32.
"""
from . import backend

_FLOAT_NAMES = ('float16', 'bfloat16', 'float32', 'float64')
# Keras 3 takes any of its dtypes as a policy (an integer layer's, Hashing's 'int64'): ALLOWED_DTYPES
_OTHER_NAMES = ('uint8', 'uint16', 'uint32', 'uint64', 'int8', 'int16', 'int32', 'int64', 'bool', 'string',
                'float8_e4m3fn', 'float8_e5m2', 'complex64', 'complex128')
# name -> (compute dtype, variable dtype), as Keras 3's DTypePolicy._parse_name
_MIXED = {'mixed_float16': ('float16', 'float32'), 'mixed_bfloat16': ('bfloat16', 'float32')}
_state = {'policy': None,       # None: not asked yet (global_policy fixes it from backend.floatx())
          'identity': None}     # stands for Keras's global policy object (see global_policy_identity)


class DTypePolicy:
    """The dtypes a layer computes in (``compute_dtype``) and stores weights in (``variable_dtype``).

    Args:
        name: 'mixed_float16' or 'mixed_bfloat16' (compute in 16 bits, float32 weights), or a
            float dtype, 'float16', 'bfloat16', 'float32' or 'float64', for both (Keras's other
            dtypes too: 'int64', 'bool', ...; default: the global policy's name).
    Raises:
        TypeError: a name that is not a string.
        ValueError: another name.
    """

    def __init__(self, name=None):
        if name is None:
            name = global_policy().name
        if not isinstance(name, str):
            raise TypeError("'name' must be a string, such as 'mixed_float16'. Received: name=%s (of type %s)"
                            % (name, type(name)))           # Keras 3's words
        if name in _MIXED:
            self._compute_dtype, self._variable_dtype = _MIXED[name]
        elif name in _FLOAT_NAMES or name in _OTHER_NAMES:
            self._compute_dtype = self._variable_dtype = name
        else:         # Keras 3's words
            raise ValueError("Cannot convert '%s' to a mixed precision DTypePolicy. Valid policies include "
                             "'mixed_float16', 'mixed_bfloat16', and the name of any float dtype such as "
                             "'float32'." % (name,))
        self._name = name

    @property
    def name(self):
        return self._name

    @property
    def compute_dtype(self):
        return self._compute_dtype

    @property
    def variable_dtype(self):
        return self._variable_dtype

    @property
    def quantization_mode(self):
        return None                   # tapeflow has no quantized policies

    def convert_input(self, x, autocast, dtype):
        """``x`` as a tensor (arrays converted), cast to ``dtype`` when ``autocast`` and it is a
        float of another dtype (Keras 3's rule for a layer's inputs; integers are kept)."""
        from framework import dtypes
        from framework.ops import cast
        from framework.tensor import Tensor, convert_to_tensor
        if not isinstance(x, Tensor):
            if not hasattr(x, '__array__'):
                return x
            x = convert_to_tensor(x)
        dtype = dtypes.as_dtype(dtype)
        if autocast and dtypes.is_floating(x.dtype) and x.dtype != dtype:
            return cast(x, dtype)
        return x

    def get_config(self):
        return {'name': self._name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __eq__(self, other):
        # FloatDTypePolicy (keras.dtype_policies) is an alias: equal to the DTypePolicy of its name.
        return isinstance(other, DTypePolicy) and other.name == self.name

    def __hash__(self):
        return hash((DTypePolicy, self._name))

    def __repr__(self):
        return '<DTypePolicy "%s">' % self._name

    __str__ = __repr__


# Keras 3 keeps the tf.keras name as an alias.
Policy = DTypePolicy


def set_global_policy(policy):
    """Make ``policy`` (a DTypePolicy or its name) the default of layers created afterwards.

    Raises:
        ValueError: something that is neither a policy nor a policy's name (and see DTypePolicy).

    Under 'mixed_float16', ``Model.compile`` wraps the optimizer in a LossScaleOptimizer.
    """
    if isinstance(policy, str):
        policy = DTypePolicy(policy)
    if not isinstance(policy, DTypePolicy):
        raise ValueError("set_global_policy: expected the name of a policy (such as 'float32') or a DTypePolicy "
                         'instance, got %r (of type %s)' % (policy, type(policy).__name__))
    _state['policy'] = policy
    _state['identity'] = None


def global_policy_identity():
    """An object standing for the one global policy object Keras gives every layer made without
    a dtype (until the policy is set again or the session cleared): the layers sharing it are
    marked with a 'shared_object_id' in .keras files (``layers.policy_sharing``)."""
    if _state['identity'] is None:
        _state['identity'] = object()
    return _state['identity']


def reset_global_policy():
    """``clear_session``: Keras 3 forgets a policy set with set_global_policy (new layers follow
    ``floatx()`` again, 'mixed_float16' included) and makes a new global policy object afterwards."""
    _state['policy'] = None
    _state['identity'] = None


def global_policy():
    """The policy of new layers: the one set last, else the one named by ``keras.backend.floatx()``
    when this is first asked (by a layer made without ``dtype``, or a print of the policy).

    Keras 3's ``dtype_policy()`` keeps that first answer until ``clear_session``: a
    ``set_floatx('float64')`` after the first layer leaves later layers float32.
    """
    if _state['policy'] is None:
        _state['policy'] = DTypePolicy(backend.floatx())
    return _state['policy']


def default_dtype_name():
    """The dtype name a layer built without ``dtype`` uses (the global policy's variable dtype)."""
    return global_policy().variable_dtype


def policy_dtypes(name):
    """(compute dtype, variable dtype) of the policy ``name``, or None for a name that is no policy's."""
    if name in _MIXED:
        return _MIXED[name]
    return (name, name) if name in _FLOAT_NAMES else None


# Keras 3's newer names.
dtype_policy = global_policy
set_dtype_policy = set_global_policy


def __getattr__(name):
    # Keras 3 serves its LossScaleOptimizer here too; optim is imported on first use, so that
    # ``import framework`` stays free of it.
    if name == 'LossScaleOptimizer':
        from optim import LossScaleOptimizer
        return LossScaleOptimizer
    raise AttributeError("module 'keras.mixed_precision' has no attribute '%s'" % (name,))


# ``from keras.mixed_precision import *``: Keras's seven names, not this module's helpers (policy_dtypes, ...)
__all__ = ['DTypePolicy', 'LossScaleOptimizer', 'Policy', 'dtype_policy', 'global_policy', 'set_dtype_policy',
           'set_global_policy']


def __dir__():
    # dir(keras.mixed_precision) lists Keras's seven names (LossScaleOptimizer, served by __getattr__, too),
    # as TF 2.21 prints them, not this module's helpers
    return sorted(set(__all__) | {name for name in globals() if name.startswith('__')})
