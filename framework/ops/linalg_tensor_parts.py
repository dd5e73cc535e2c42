"""Small tf.linalg helpers on tensors: adjoint, cross, normalize, tensor_diag, tensor_diag_part.
Each is a composition of existing ops (gradients follow), but cross: one op with TF's rule."""
import numpy as np

from ..errors import FailedPreconditionError, InvalidArgumentError, fast_path, kernel_error
from .complex_parts import conj
from .graph_input_errors import allowed_list_refusal, kernel_dtype_name
from .linalg_checks import same_dtype
from .matrix_parts import diag, diag_part, matrix_transpose
from .norms import norm
from . import float_kernels
from .operands import ACTIVE, as_tensor, named_errors, record
from .shapes import cast, reshape
from .. import backend
from ..tensor import Tensor


@named_errors('adjoint')
def adjoint(matrix, name=None):
    """The conjugate transpose of each matrix (the last two axes swapped)."""
    t = as_tensor(matrix, 'adjoint')
    return matrix_transpose(conj(t) if t._data.dtype.kind == 'c' else t)


@named_errors('cross')
def cross(a, b, name=None):
    """The cross product of the 3-vectors along the last axis of ``a`` and ``b`` (one shape)."""
    named = fast_path(a, b)     # a Python list among them: TF's slow path, no ' name: ' tail
    a, b = as_tensor(a, 'cross'), as_tensor(b, 'cross')
    same_dtype(a, b, 'cross')
    if a.dtype.name not in CROSS_TYPES:      # (bool, complex, string)
        raise cross_type_refusal(a.dtype.name, named)
    if tuple(a.shape) != tuple(b.shape):
        raise kernel_error('Cross', 'Both inputs must be of same shape: [%s] vs. [%s]' % (_dims(a), _dims(b)),
                           named=named, note='cross: a and b must have one shape, got %s and %s'
                                            % (tuple(a.shape), tuple(b.shape)))
    if a.ndim < 1 or a.shape[-1] != 3:
        # (a fast-path call ends in ' name: ' as the other kernel errors; TF's very first op of a process,
        # which takes the slow path, had given the words without it)
        raise kernel_error('Cross', 'Cross-products are only defined for 3-element vectors.', named=named,
                           error_class=FailedPreconditionError,
                           note='cross: the last axis must hold 3 components, got shape %s' % (tuple(a.shape),))
    # one Cross op, as TF's kernel computes it, with TF's rule: (cross(b, g), cross(g, a)); composed of
    # slices and products, its gradient summed the two terms of a component into zeros and kept no -0
    # where TF's does (the jacobian of cross(x, v): -0.0 in TF, 0.0 in tapeflow)
    u, v = a._data, b._data
    xp = backend.array_module(u)
    out = Tensor(xp.stack([u[..., 1] * v[..., 2] - u[..., 2] * v[..., 1], u[..., 2] * v[..., 0] - u[..., 0] * v[..., 2],
                           u[..., 0] * v[..., 1] - u[..., 1] * v[..., 0]], axis=-1))
    if ACTIVE:
        record('cross', (a, b), out, (lambda g, y, a, b: cross(b, g), lambda g, y, a, b: cross(g, a)))
    return out


# Cross's T, in its OpDef's order
CROSS_TYPES = ('float32', 'float64', 'int32', 'uint8', 'int16', 'int8', 'int64', 'bfloat16', 'uint16', 'float16',
               'uint32', 'uint64')


def cross_type_refusal(dtype_name, named=True):
    """Cross's registry error for operands of ``dtype_name`` (``named``: the fast path's ' name: ' tail); in a
    trace op_def_library's TypeError naming 'a'."""
    shown = [kernel_dtype_name(name) for name in CROSS_TYPES]
    return allowed_list_refusal(InvalidArgumentError(
        "Value for attr 'T' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node Cross}}; "
        "Op<name=Cross; signature=a:T, b:T -> product:T; attr=T:type,allowed=[%s]> [Op:Cross]%s"
        % (kernel_dtype_name(dtype_name), ', '.join(shown), ', '.join('DT_' + name.upper() for name in shown),
           ' name: ' if named else '')), 'T', dtype_name, CROSS_TYPES, 'a:T, b:T -> product:T')


def _dims(t):
    return ','.join(str(d) for d in t.shape)


@named_errors('normalize')
def normalize(tensor, ord='euclidean', axis=None, name=None):  # noqa: A002  (TensorFlow's name)
    """``(tensor / norm, norm)``, the norm taken as tf.linalg.norm(..., keepdims=True)."""
    t = as_tensor(tensor, 'normalize')
    size = norm(t, ord=ord, axis=axis, keepdims=True)
    if size.dtype != t.dtype:       # TF casts the norm to the tensor's dtype (a complex tensor's 1, inf or p norm is real)
        size = cast(size, t.dtype)
    return t / size, size


@named_errors('tensor_diag', passes_name=True)
def tensor_diag(diagonal, name=None):
    """The tensor of shape d + d (d = diagonal's shape) holding ``diagonal`` where both halves of
    the index agree, zeros elsewhere."""
    d = float_kernels.refuse_bool(as_tensor(diagonal, 'tensor_diag'), 'tensor_diag')
    if d._data.dtype.kind in 'OSU':         # Diag's registry refuses strings too
        raise float_kernels.refusal('tensor_diag', 'string')
    size = int(np.prod(d.shape))
    return reshape(diag(reshape(d, [size])), tuple(d.shape) * 2)


@named_errors('tensor_diag_part', passes_name=True)
def tensor_diag_part(input, name=None):  # noqa: A002
    """The diagonal of a tensor of shape d + d: out[i...] = input[i..., i...], shape d."""
    t = float_kernels.refuse_bool(as_tensor(input, 'tensor_diag_part'), 'tensor_diag_part')
    if t._data.dtype.kind in 'OSU':         # DiagPart's registry refuses strings too
        raise float_kernels.refusal('tensor_diag_part', 'string')
    half = t.ndim // 2
    if t.ndim % 2 or tuple(t.shape[:half]) != tuple(t.shape[half:]):
        raise InvalidArgumentError('tensor_diag_part: input must have an even rank and shape d + d, got shape %s'
                                   % (tuple(t.shape),))
    size = int(np.prod(t.shape[:half]))
    if t.ndim == 0:     # TF's DiagPart passes a scalar on, but its rule, Diag(grad), refuses a rank-0 gradient
        from .unregistered_gradient import without_gradient
        return without_gradient('DiagPart', lambda x: reshape(x, ()), t, error=lambda: kernel_error(
            'Diag', 'Input must be at least rank 1, got 0', named=True,
            note='tensor_diag_part: the gradient of a scalar input is refused by TF 2.21 (its Diag rule)'))
    return reshape(diag_part(reshape(t, [size, size])), tuple(t.shape[:half]))
