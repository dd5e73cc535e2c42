"""Argument checks shared by the tf.linalg ops: the matrix ranks, shapes and dtypes
TensorFlow's kernels accept, refused with InvalidArgumentError as TensorFlow does."""
from ..errors import InvalidArgumentError, fast_path, kernel_error
from . import float_kernels
from .operands import as_tensor


# The eager kernels whose own check refuses a tensor of rank < 2 first (TF 2.21's LinearAlgebraOp
# words, Lu's own), by the op name tapeflow's callers pass
_RANK_CHECKING_KERNELS = {
    'svd': ('Svd', 'Input tensor 0 must have rank >= 2, got %d'),
    'qr': ('Qr', 'Input tensor 0 must have rank >= 2, got %d'),
    'eigh': ('SelfAdjointEigV2', 'Input tensor 0 must have rank >= 2, got %d'),
    'eigvalsh': ('SelfAdjointEigV2', 'Input tensor 0 must have rank >= 2, got %d'),
    'eig': ('Eig', 'Input tensor 0 must have rank >= 2, got %d'),
    'sqrtm': ('MatrixSquareRoot', 'Input tensor 0 must have rank >= 2, got %d'),
    'lu': ('Lu', 'Input tensor must have rank >= 2, got %d'),
    'triangular_solve': ('MatrixTriangularSolve', 'In[0] ndims must be >= 2: %d'),
}


# The kernels whose 'Input matrix must be square.' refuses a non-square matrix (logdet runs Cholesky)
_SQUARE_CHECKING_KERNELS = {'eigh': 'SelfAdjointEigV2', 'eigvalsh': 'SelfAdjointEigV2', 'sqrtm': 'MatrixSquareRoot',
                            'logdet': 'Cholesky', 'lu': 'Lu'}


def matrices(x, op, square=True, complex_ok=True):
    """``x`` as a floating (or complex) tensor of rank >= 2, square over the last two axes
    when ``square``."""
    t = as_tensor(x, op)
    kinds = 'fc' if complex_ok else 'f'
    if t._data.dtype.kind not in kinds:
        note = ('%s: expected a %s tensor, got dtype %s (shape %s); cast it first, e.g. framework.cast(x, '
                'framework.float32)' % (op, 'floating or complex' if complex_ok else 'floating', t.dtype.name,
                                        tuple(t.shape)))
        # TensorFlow's op registry words, where known (a complex tensor refused here is tapeflow's limit, not TF's)
        error = None if t._data.dtype.kind == 'c' else float_kernels.refusal(op, t.dtype.name,
                                                                             float_kernels.named_for(op, x))
        if error is None:
            raise InvalidArgumentError(note)
        error.add_note(note)
        raise error
    if t.ndim < 2:
        sentence = '%s: input must have rank >= 2 (a batch of matrices), got shape %s' % (op, tuple(t.shape))
        if op in _RANK_CHECKING_KERNELS:
            kernel, text = _RANK_CHECKING_KERNELS[op]
            raise kernel_error(kernel, text % t.ndim, named=True, note=sentence)
        raise InvalidArgumentError(sentence)
    if square and t.shape[-1] != t.shape[-2]:
        sentence = '%s: input matrices must be square, got shape %s' % (op, tuple(t.shape))
        if op in _SQUARE_CHECKING_KERNELS:
            raise kernel_error(_SQUARE_CHECKING_KERNELS[op], 'Input matrix must be square.', named=fast_path(x),
                               note=sentence)
        if op == 'triangular_solve':     # (columns =/= rows)
            raise kernel_error('MatrixTriangularSolve', 'In[0] matrices in the last dimensions must be square '
                               '(%d =/= %d)' % (t.shape[-1], t.shape[-2]), named=True, note=sentence)
        raise InvalidArgumentError(sentence)
    return t


def same_dtype(a, b, op):
    if a.dtype != b.dtype:
        raise InvalidArgumentError('%s: both operands need one dtype, got %s and %s; use framework.cast'
                                   % (op, a.dtype.name, b.dtype.name))


def rhs_rows(matrix, rhs, op):
    """Refuse a rhs (..., M, K) whose M differs from the matrix's rows, or one of rank < 2."""
    if rhs.ndim < 2:
        raise InvalidArgumentError('%s: rhs must have rank >= 2 (..., M, K), got shape %s; use expand_dims(rhs, -1) '
                                   'for a vector' % (op, tuple(rhs.shape)))
    if rhs.shape[-2] != matrix.shape[-2]:
        raise InvalidArgumentError('%s: matrix of shape %s and rhs of shape %s disagree in M (%d vs. %d)'
                                   % (op, tuple(matrix.shape), tuple(rhs.shape), matrix.shape[-2], rhs.shape[-2]))
    same_dtype(matrix, rhs, op)
