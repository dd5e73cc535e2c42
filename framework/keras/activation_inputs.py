"""Integer and boolean inputs to Keras 3's activations, as TF 2.21 answers them.

``keras.activations.X`` and ``keras.ops.X`` behave alike, and measured on TF 2.21
they fall in four groups (the first fuzz left tapeflow computing where TF raises):
- computed in floatx: tanh, exponential (Keras's numpy-style ops) and leaky_relu
  (not for bools); relu / relu6 keep the integer dtype (see keras.ops.relu);
- TF's kernel refuses the dtype (InvalidArgumentError): sigmoid, softmax, elu, ...;
- Keras adds a float constant to the integer tensor (TypeError "Cannot convert 3.0 to
  EagerTensor of dtype int32"): hard_sigmoid, celu, the shrinks, ...;
- gelu checks the dtype itself (ValueError).
"""
from framework import ops as _ops
from framework.errors import InvalidArgumentError
from framework.ops import float_kernels

from .ops_dtypes import floating

# The float constant Keras's formula meets first, as TF names it in its TypeError.
_FLOAT_CONSTANT = {'celu': 0.0, 'hard_sigmoid': 3.0, 'hard_silu': 3.0, 'hard_swish': 3.0, 'hard_tanh': 1.0,
                   'hard_shrink': 0.5, 'soft_shrink': 0.5, 'sparse_plus': 0.25, 'sparse_sigmoid': 0.0,
                   'threshold': 0.5}
# Of those, where TF reaches a kernel without unsigned / boolean support first (Abs).
_KERNEL_FIRST = {'hard_shrink': ('uint', 'bool'), 'sparse_plus': ('uint',)}


def float_activation_input(x, name):
    """``x`` as a tensor when it is floating; TF's error for activation ``name`` otherwise."""
    x = _ops.convert_to_tensor(x)
    dtype = x.dtype
    if dtype.is_floating or dtype.is_complex:
        return x
    shown = 'keras.activations.%s / keras.ops.%s: got dtype %s (shape %s)' % (name, name, dtype.name, tuple(x.shape))
    advice = "cast it first, e.g. keras.ops.cast(x, 'float32')"
    kind = 'bool' if dtype.is_bool else ('uint' if dtype.is_unsigned else 'int')
    if name == 'gelu':
        error = ValueError("`features.dtype` must be a floating point tensor.Received:features.dtype=<dtype: '%s'>"
                           % dtype.name)
        error.add_note('%s; %s' % (shown, advice))
        raise error
    if name in _FLOAT_CONSTANT and kind not in _KERNEL_FIRST.get(name, ()):
        error = TypeError('Cannot convert %r to EagerTensor of dtype %s' % (_FLOAT_CONSTANT[name], dtype.name))
        error.add_note('%s, and the activation adds a float constant to it; %s' % (shown, advice))
        raise error
    error = float_kernels.refusal(name, dtype.name)        # TF's registry text, where the table has the kernel
    if error is not None:
        error.add_note('%s: TF\'s kernel takes floating-point tensors only; %s' % (shown, advice))
        raise error
    raise InvalidArgumentError('%s: TF\'s kernel takes floating-point tensors only (Value for attr \'T\' of %s is '
                               'not in the list of allowed values); %s' % (shown, dtype.name, advice))


def floatx_activation_input(x, name):
    """``x`` for the activations that compute integers in floatx (tanh, exponential, leaky_relu;
    leaky_relu refuses booleans with TF's kernel error)."""
    x = _ops.convert_to_tensor(x)
    if x.dtype.is_bool and name == 'leaky_relu':
        return float_activation_input(x, name)
    return floating(x, name)
