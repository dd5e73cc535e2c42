"""Integer and boolean inputs to Keras 3's activations, as TF 2.21 answers them.

``keras.activations.X`` and ``keras.ops.X`` behave alike, and measured on TF 2.21
they fall in four groups (the first fuzz left tapeflow computing where TF raises):
- computed in floatx: tanh, exponential (Keras's numpy-style ops) and leaky_relu
  (not for bools); relu / relu6 keep the integer dtype (see keras.ops.relu);
- TF's kernel refuses the dtype (InvalidArgumentError): sigmoid, softmax, elu, ...;
- Keras adds a float constant to the integer tensor (TypeError "Cannot convert 3.0 to
  EagerTensor of dtype int32"): hard_sigmoid, celu, the shrinks, ...;
- gelu checks the dtype itself (ValueError).
Where Keras's formula meets its first kernel under another name (tanh_shrink is x - tanh(x)), TF's error
names that kernel; where Keras hands the caller's list to the kernel unconverted, the error has no ' name: '
tail, as eager's slow path words it; where Keras reads ``x.shape`` first, a list has none (AttributeError).
"""
from framework import ops as _ops
from framework.errors import InvalidArgumentError
from framework.ops import float_kernels

from .ops_dtypes import floating

# The float constant Keras's formula meets first, as TF names it in its TypeError.
_FLOAT_CONSTANT = {'celu': 0.0, 'hard_sigmoid': 3.0, 'hard_silu': 3.0, 'hard_swish': 3.0, 'hard_tanh': 1.0,
                   'hard_shrink': 0.5, 'soft_shrink': 0.5, 'sparse_plus': 0.25, 'sparse_sigmoid': 0.0,
                   'threshold': 0.5}
# Of those, where TF reaches a kernel without unsigned / boolean support first (Abs, Pow).
_KERNEL_FIRST = {'hard_shrink': ('uint', 'bool'), 'sparse_plus': ('uint',)}
# Bools meet Keras's comparison x <= -1 first, whose -1 TF converts to bool.
_BOOL_CONSTANT = {'sparse_sigmoid': -1, 'sparse_plus': -1}
# The kernel (float_kernels' table key) TF meets first where it is not the activation's own name (TF 2.21:
# tanh_shrink's Tanh, glu's Sigmoid, squareplus's Sqrt, after Square for bools, mish's Softplus, hard_shrink's Abs).
_FIRST_KERNEL = {'tanh_shrink': 'tanh', 'glu': 'sigmoid', 'squareplus': 'sqrt', 'mish': 'softplus',
                 'hard_shrink': 'abs'}
# Keras 3 hands these the caller's argument unconverted: a Python list reaches the kernel as given
# (float_kernels.named_for: no ' name: ' tail). The others convert it first (sigmoid, squareplus, mish, ...).
_AS_GIVEN = frozenset(('elu', 'selu', 'softplus', 'softsign', 'tanh_shrink'))


def shape_read(x, name):
    """Keras 3 reads ``x.shape`` before converting ``x`` (glu; softmax over an int or tuple axis; the adaptive
    pools): a list or Python number meets Python's AttributeError there."""
    if not hasattr(x, 'shape'):
        error = AttributeError("'%s' object has no attribute 'shape'" % type(x).__name__)
        error.add_note('keras.ops.%s reads x.shape before converting x: pass a tensor or numpy array, e.g. '
                       'keras.ops.convert_to_tensor(x)' % name)
        raise error


def float_activation_input(x, name, given=None):
    """``x`` as a tensor when it is floating; TF's error for activation ``name`` otherwise. ``given``: the
    argument as the caller passed it, where ``x`` is already converted (a list's error has no ' name: ' tail)."""
    given = x if given is None else given
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
        constant = _BOOL_CONSTANT.get(name, _FLOAT_CONSTANT[name]) if kind == 'bool' else _FLOAT_CONSTANT[name]
        error = TypeError('Cannot convert %r to EagerTensor of dtype %s' % (constant, dtype.name))
        error.add_note('%s, and the activation adds a float constant to it; %s' % (shown, advice))
        raise error
    kernel = 'square' if name == 'squareplus' and kind == 'bool' else _FIRST_KERNEL.get(name, name)
    named = name not in _AS_GIVEN or float_kernels.named_for(kernel, given)
    if name == 'sparse_plus':       # (0.25 * pow(x + 1, 2): the binary Pow kernel)
        error = float_kernels.string_refusal('pow', dtype.name, named=True)
    else:       # TF's registry text, where the table has the kernel
        error = float_kernels.refusal(kernel, dtype.name, named=named)
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
