"""Matrix products."""
import re

import numpy as np
from numpy import ndarray  # (not np.ndarray on hot paths: see backend.py)

from ..errors import InvalidArgumentError, kernel_error, noted
from ..keras_operands import list_conversion_refusal
from .. import backend, onednn_policy
from ..tape import array_rule
from ..tensor import Tensor, convert_to_tensor
from . import batched_product, column_product, eigen_double_matvec, eigen_double_product, eigen_float_matvec, \
    eigen_sum, float_kernels, graph_rewrites
from .bias_add_kernel import bias_add_grad, bias_grad_sum
from .bool_attributes import bool_attribute
from .einsum_kernel import einsum_array
from .sixteen_column_product import DEPTH_IN_ORDER as _DEPTH_IN_ORDER, rows_matmul, rows_matmul_transposed, \
    rows_matmul_transposed_a
from .graph_input_errors import eager_input_error, list_mismatch
from . import eigen_avx2_product, eigen_float_batched, eigen_single_output, einsum_stand_ins, matmul_mixed_types
from .eigen_math import ENABLED as _EXACT_MATH
from .eigen_avx2_product import SMALL_PRODUCT as _AVX2_SMALL
from .one_row_product import one_row_matmul
from .operands import ACTIVE, as_tensor, binary, named_errors, record
from .reductions import reduce_sum
from ..blas_threads import product
from ..half_products import wide_product
from .shapes import reshape, transpose

_FLOAT32 = np.dtype(np.float32)
_FLOAT64 = np.dtype(np.float64)
_ONEDNN_MATMUL_DTYPES = ('float32', 'float16', 'bfloat16')      # what TensorFlow's oneDNN MatMul takes


def _conjugated(x):
    # (a real operand is its own conjugate: it stays as it is, with no identity op on the tape)
    if (x._data if isinstance(x, Tensor) else np.asarray(x)).dtype.kind == 'c':
        from .complex_parts import conj
        return conj(x)
    return x


def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
           a_is_sparse=False, b_is_sparse=False, output_type=None, grad_a=False, grad_b=False, name=None):
    """Matrix product over the last two axes (leading axes broadcast as batches).

    ``grad_a`` / ``grad_b`` are TensorFlow 2.21's hints that an operand is a backward pass's (for its
    XLA fusion); they change nothing here, and are in the signature because dispatch targets
    (``tf.experimental.dispatch_for_api(tf.matmul)``) must list TF's parameters."""
    flags = None
    if not (transpose_a is False and transpose_b is False and adjoint_a is False and adjoint_b is False):
        flags = (transpose_a, transpose_b, adjoint_a, adjoint_b)        # their types are checked once ranks are known
    if adjoint_a or adjoint_b:          # the conjugate transpose: complex operands are conjugated first
        for side, transposed, adjoint in (('a', transpose_a, adjoint_a), ('b', transpose_b, adjoint_b)):
            if transposed and adjoint:      # TF's check: both would transpose twice
                raise ValueError('Only one of `transpose_%s` and `adjoint_%s` can be True. Received `transpose_%s`=%s, '
                                 '`adjoint_%s`=%s.' % (side, side, side, transposed, side, adjoint))
        a = _conjugated(a) if adjoint_a else a
        b = _conjugated(b) if adjoint_b else b
    transpose_a = transpose_a or adjoint_a
    transpose_b = transpose_b or adjoint_b
    if output_type is not None:
        a, b = matmul_mixed_types.operands(a, b)
        if matmul_mixed_types.takes_other_kernel(a, b, output_type):    # BatchMatMulV3
            return matmul_mixed_types.matmul(a, b, transpose_a, transpose_b, output_type)
    if type(a) in _CONVERTED_ALONE or type(b) in _SEQUENCES:
        a, b = _converted_as_tf(a, b)
    if a_is_sparse or b_is_sparse:
        _sparse_hint(a, b)
    try:
        a, b, da, db = binary(a, b, 'matmul')
    except (TypeError, ValueError):
        # bfloat16 beside float32: TF's matmul runs SparseMatMul, a float32 product
        if not (isinstance(a, Tensor) and isinstance(b, Tensor) and matmul_mixed_types.takes_other_kernel(a, b, None)):
            raise
        return matmul_mixed_types.matmul(a, b, transpose_a, transpose_b, None)
    try:
        too_flat = da.ndim < 2 or db.ndim < 2
    except AttributeError:          # a Python number comes back from binary() as itself
        too_flat = True
    if too_flat:
        raise _rank_error(da, db)
    if flags is not None:
        _check_flag_types(da.ndim > 2 or db.ndim > 2, *flags)
    if da.dtype.kind in 'bu' or da.dtype.name in ('int8', 'int16'):     # numpy multiplies them; TF's kernels refuse
        batched = da.ndim > 2 or db.ndim > 2
        error = matmul_mixed_types.one_dtype_refusal(da.dtype.name, batched, transpose_a, transpose_b)
        if error is None and not (batched and da.dtype.name == 'int16'):
            error = float_kernels.refusal('matmul', da.dtype.name)
            error.add_note('matmul: TensorFlow has no MatMul kernel for %s; cast the operands first, e.g. '
                           'tf.cast(x, tf.int32)' % da.dtype.name)
        if error is not None:
            raise error
    xa = da.swapaxes(-1, -2) if transpose_a else da
    xb = db.swapaxes(-1, -2) if transpose_b else db
    kernel = 'MatMul' if da.ndim == db.ndim == 2 else 'BatchMatMulV2'
    if kernel == 'BatchMatMulV2':       # TF's BatchMatMulV2 checks the batch axes before the matrices' sizes
        _check_batch_axes(da, db)
    if xa.shape[-1] != xb.shape[-2]:
        # TensorFlow's oneDNN build runs a float product as its own kernel, named in the error; its
        # BatchMatMulV2 adds the adj_x / adj_y flags to the sentence
        mkl = _onednn_runs(da)
        flags = ' %d %d' % (bool(transpose_a), bool(transpose_b)) if mkl and kernel == 'BatchMatMulV2' else ''
        raise kernel_error(kernel, 'Matrix size-incompatible: In[0]: %s, In[1]: %s%s' % (_dims(da), _dims(db), flags),
                           named=True, node='__Mkl' + kernel if mkl else None,
                           note='matmul: inner dimensions differ: %s @ %s (after transpose_a=%s, transpose_b=%s) '
                                'needs %d == %d' % (tuple(da.shape), tuple(db.shape), transpose_a, transpose_b,
                                                    xa.shape[-1], xb.shape[-2]))
    out = Tensor(_matmul_array(backend.array_module(da), da, db, transpose_a, transpose_b))
    if ACTIVE:
        record('matmul', (a, b), out, _MATMUL_VJPS[bool(transpose_a), bool(transpose_b)])
    return out


def _sparse_hint(a, b):
    # a_is_sparse / b_is_sparse send float32 and bfloat16 matrices to TF's SparseMatMul, which logs its
    # deprecation; its values are the product's (computed here as MatMul's)
    if all(isinstance(x, Tensor) and x._data.dtype.name in ('float32', 'bfloat16') and x.ndim <= 2 for x in (a, b)):
        matmul_mixed_types.sparse_matmul_notice()


_SEQUENCES = (list, tuple)
_CONVERTED_ALONE = (list, tuple, np.ndarray)


def _converted_as_tf(a, b):
    # TF's matmul converts a on its own, then b with a's dtype as a hint only (a list of floats beside an int a
    # stays float; a numpy array takes the hint), so mixed operands meet MatMul's input check rather than
    # being promoted together: tf.matmul(float32 data, a float64 Variable from np.random.randn) fails in TF
    if not isinstance(a, Tensor):
        a = as_tensor(a, 'matmul')
    if type(b) in _SEQUENCES:
        b = convert_to_tensor(b, dtype_hint=a.dtype)
    return a, b


def _check_flag_types(batched, transpose_a, transpose_b, adjoint_a, adjoint_b):
    # TF's matmul reads the flags it folds into the others by truth and hands the rest to the kernel's bool
    # attributes, which refuse 1, 'x' or np.True_: MatMul's transpose_a/b for matrices, BatchMatMulV3's
    # adj_x/adj_y (a truthy transpose_a becomes adj_x=True) for batches
    if batched:
        checked = (('adj_x', adjoint_a if not transpose_a else True), ('adj_y', adjoint_b if not transpose_b else True))
    else:
        checked = (('transpose_a', transpose_a if not adjoint_a else True),
                   ('transpose_b', transpose_b if not adjoint_b else True))
    for argument, value in checked:
        bool_attribute(value, argument)


def _matmul_array(xp, da, db, transpose_a=False, transpose_b=False):
    """The raw product of ``matmul``, in the order TF's kernel for its shapes sums it; the
    gradient rules' array forms call it too, so that they give the tensor rules' bits."""
    xa = da.swapaxes(-1, -2) if transpose_a else da
    xb = db.swapaxes(-1, -2) if transpose_b else db
    # a one-row product (not of a transposed b: TF runs that as dot products) in TF's order, and
    # one of a single output column (not of a transposed a) in oneDNN's (column_product.py)
    # products of several rows and columns in oneDNN's order (sixteen_column_product.py)
    if xa.ndim != 2 or xb.ndim != 2:    # a batched product: oneDNN's in-order chains (batched_product.py)
        if batched_product.wanted(xa, xb):
            return batched_product.batched_matmul(xa, xb)
        if xa.dtype == _FLOAT32 and _one_batch(xa, xb) and onednn_policy.eigen_avx2():
            # a batch of one where oneDNN is off (the AVX2 EPYC): TF's BatchMatMul sums it as its MatMul, bit for
            # bit on 96 of 96 shapes (progs/kerasexamples12/p7.py; keras.ops.einsum's 'abc,cd->abd' of one sample)
            flat = _matmul_array(xp, xa.reshape(xa.shape[-2:]), xb.reshape(xb.shape[-2:]))
            return flat.reshape(np.broadcast_shapes(xa.shape[:-2], xb.shape[:-2]) + flat.shape)
        if xa.dtype == _FLOAT32 and onednn_policy.eigen_avx2() and eigen_float_batched.wanted(xa, xb):
            return eigen_float_batched.batched_matmul(xa, xb, rows_by_rows=transpose_b and not transpose_a)
        if xa.dtype == _FLOAT64 and eigen_double_product.batched_wanted(xa, xb):     # Eigen's (doubles)
            return eigen_double_product.eigen_double_batched(xa, xb, rows_by_rows=transpose_b and not transpose_a)
        return product(xa, xb)
    if xa.dtype == _FLOAT64:
        # TF's MatMul is its BatchMatMul kernel with a batch of one: a double product with a side of 1 is
        # Eigen's Matrix product, coefficient-based while K + M + N < 20, else a matrix-vector one
        # (x @ W.T of one sample: 1-ulp and -0.0 differences)
        if (transpose_a or transpose_b) and eigen_double_product.single_wanted(xa, xb):
            return eigen_double_product.eigen_double_batched(xa, xb, rows_by_rows=transpose_b and not transpose_a)
        if eigen_double_matvec.wanted(xa, xb, transpose_a, transpose_b):
            return eigen_double_matvec.matvec(xa, xb, transpose_a, transpose_b)
    if transpose_b:
        if xa.shape[0] == 1 or xb.shape[1] == 1:
            if eigen_single_output.wanted(xa, xb) and (xa.dtype == _FLOAT64 or onednn_policy.eigen_avx2()) \
                    and _EXACT_MATH[0] is not False:
                return eigen_single_output.single_output(xa, xb, transpose_a)     # Eigen's redux / dot
            if onednn_policy.eigen_avx2() and eigen_float_matvec.wanted(xa, xb):
                return eigen_float_matvec.matmul_transposed_b(xa, xb, transpose_a)     # Eigen's gemv (oneDNN off)
        return product(xa, xb) if transpose_a else rows_matmul_transposed(xa, db)
    if xb.shape[1] == 1 and not transpose_a and column_product.wanted(xa, xb, xp):
        return column_product.column_matmul(xa, xb)
    if xa.shape[0] == 1:
        return one_row_matmul(xp, xa, xb)
    if transpose_a and xb.shape[1] == 1 and column_product.transposed_wanted(xa, xb):
        return column_product.transposed_column_matmul(xa, xb)     # one in-order chain per output
    if transpose_a:       # numpy's product of a transposed a is oneDNN's chain (blocked past 384)
        return rows_matmul_transposed_a(xa, xb)
    return rows_matmul(xa, xb)


def _one_batch(xa, xb):
    """Whether a batched product's operands hold one matrix each (every leading length 1), of one dtype."""
    return xa.dtype == xb.dtype and all(n == 1 for n in xa.shape[:-2]) and all(n == 1 for n in xb.shape[:-2])


def float32_product(a, b):
    """``a @ b`` of 2-D float32 numpy arrays, summed as TF's float32 MatMul sums that shape on this CPU
    (the 16-bit products of half_products.py widen to it)."""
    return _matmul_array(np, a, b)


def _matmul_rule(transpose_a, transpose_b):
    """A gradient rule's array form: the raw ``matmul`` of two arrays with these transposes."""
    return lambda x, y: _matmul_array(backend.array_module(x), x, y, transpose_a, transpose_b)


def _dims(array):
    """A shape as TensorFlow's kernels print it: [2,3]."""
    return '[%s]' % ','.join(map(str, np.shape(array)))


def _onednn_runs(da):
    """Whether TensorFlow's oneDNN build runs this product as its own kernel (``_MklMatMul`` /
    ``_MklBatchMatMulV2``), whose errors name that kernel and word some checks their own way."""
    return getattr(da, 'dtype', None) is not None and da.dtype.name in _ONEDNN_MATMUL_DTYPES \
        and onednn_policy.enabled()


def _rank_error(da, db):
    """TF 2.21's error for an operand of rank < 2 (a vector is no matrix there, unlike numpy's @):
    MatMul's while neither operand has rank > 2 (it compares the ranks first, then asks for 2),
    BatchMatMulV2's otherwise (In[0] first). oneDNN's MatMul asks In[0], then In[1], for rank >= 2
    and prints no rank."""
    ra, rb = np.ndim(da), np.ndim(db)
    mkl = _onednn_runs(da)
    if ra <= 2 and rb <= 2:
        kernel = 'MatMul'
        if mkl:
            text = 'In[%d] ndims must be >= 2' % (0 if ra < 2 else 1)
        else:
            text = ('In[0] and In[1] has different ndims: %s vs. %s' % (_dims(da), _dims(db)) if ra != rb
                    else 'In[0] and In[1] ndims must be == 2: %d' % ra)
    else:
        kernel = 'BatchMatMulV2'
        text = 'In[0] ndims must be >= 2: %d' % ra if ra < 2 else 'In[1] ndims must be >= 2: %d' % rb
    return kernel_error(kernel, text, named=True, node='__Mkl' + kernel if mkl else None,
                        note='matmul: both operands need rank >= 2, got shapes %s and %s; use expand_dims (or '
                             'reshape) to make a vector a matrix' % (tuple(np.shape(da)), tuple(np.shape(db))))


def _check_batch_axes(da, db):
    try:
        np.broadcast_shapes(da.shape[:-2], db.shape[:-2])
    except ValueError:
        raise kernel_error('BatchMatMulV2', 'In[0] and In[1] must have compatible batch dimensions: %s vs. %s'
                           % (_dims(da), _dims(db)), named=True,
                           node='__MklBatchMatMulV2' if _onednn_runs(da) else None,
                           note='matmul: batch dimensions of %s and %s do not broadcast'
                                % (tuple(da.shape), tuple(db.shape))) from None


# Gradient rules for each (transpose_a, transpose_b): (d/da, d/db) of a product C,
# each with its form on raw arrays (the same products, see tape.array_rule).
def _t(a):
    return a.swapaxes(-1, -2)


def _left_product(a, b):
    """``a @ b`` for a gradient TensorFlow computes as MatMul(a, b) with b not transposed: when
    ``a`` has one row (a Dense kernel fed one feature: x.T @ g), in TF's one-row order, as the
    matmul op's own forward pass (TF's transposed-b products are dot products, left to BLAS)."""
    return one_row_matmul(np, a, b) if a.ndim == 2 and a.shape[0] == 1 else product(a, b)


def _kernel_product(xt, g):
    """``x.T @ g`` (TF's MatMul(x, g, transpose_a=True)): a Dense kernel's or matmul's b gradient,
    summed in oneDNN's depth blocks past a depth (batch) of 384."""
    shape = xt.shape        # (read once: a numpy attribute read costs a few hundred instructions)
    if len(shape) == 2 and shape[0] > 1:
        # (one column first: TF's gemv stays one chain past 384, where its gemm sums depth blocks)
        width = g.shape[-1]
        if width == 1:
            if column_product.transposed_wanted(xt, g):
                return column_product.transposed_column_matmul(xt, g)      # a Dense(1) kernel's gradient
        # TF without oneDNN on an AVX2 CPU: Eigen's contraction (its size test inline, as rows_matmul's)
        elif (xt.size * width <= _AVX2_SMALL or _EXACT_MATH[0] is True) and eigen_avx2_product.wanted(xt, g):
            return eigen_avx2_product.eigen_avx2_matmul(xt, g)
        if shape[1] > _DEPTH_IN_ORDER:
            return rows_matmul_transposed_a(xt, g)
        return product(xt, g)       # (_left_product's case for more than one row)
    return _left_product(xt, g)


_NN, _NT, _TN, _TT = (_matmul_rule(False, False), _matmul_rule(False, True), _matmul_rule(True, False),
                      _matmul_rule(True, True))
_MATMUL_VJPS = {
    (False, False): (array_rule(lambda g, c, a, b: matmul(g, b, transpose_b=True), lambda g, c, a, b: _NT(g, b)),
                     array_rule(lambda g, c, a, b: matmul(a, g, transpose_a=True), lambda g, c, a, b: _TN(a, g))),
    (True, False): (array_rule(lambda g, c, a, b: matmul(b, g, transpose_b=True), lambda g, c, a, b: _NT(b, g)),
                    array_rule(lambda g, c, a, b: matmul(a, g), lambda g, c, a, b: _NN(a, g))),
    (False, True): (array_rule(lambda g, c, a, b: matmul(g, b), lambda g, c, a, b: _NN(g, b)),
                    array_rule(lambda g, c, a, b: matmul(g, a, transpose_a=True), lambda g, c, a, b: _TN(g, a))),
    (True, True): (array_rule(lambda g, c, a, b: matmul(b, g, transpose_a=True, transpose_b=True),
                              lambda g, c, a, b: _TT(b, g)),
                   array_rule(lambda g, c, a, b: matmul(g, a, transpose_a=True, transpose_b=True),
                              lambda g, c, a, b: _TT(g, a))),
}


@named_errors('tensordot')
def tensordot(a, b, axes, name=None):
    """Sum of products over ``axes`` (an int, or a pair of axis lists), via reshape and matmul.

    As TF 2.21's tensordot: each operand is transposed and reshaped to a matrix on its own, so
    contracted axes of different sizes fail in MatMul ('Matrix size-incompatible: In[0]: [2,12], ...'),
    and an axis out of range indexes the shape list (IndexError).

    Raises:
        ValueError: axes that are no count or pair of lists (TF's Python checks).
    """
    a, b = as_tensor(a, 'tensordot'), as_tensor(b, 'tensordot')
    axes_a, axes_b = _tensordot_axes(a, axes)
    a2, free_a = _tensordot_matrix(a, axes_a, False)
    b2, free_b = _tensordot_matrix(b, axes_b, True)
    product = matmul(a2, b2)
    if tuple(product.shape) == tuple(free_a + free_b):
        return product
    return reshape(product, free_a + free_b)


def _tensordot_axes(a, axes):
    """TF 2.21's _tensordot_axes: the contracted axes of a and of b, in its words where they are wrong."""
    if isinstance(axes, (int, np.integer)):
        if axes < 0:
            raise ValueError('`axes` must be at least 0. Received: %s.' % (axes,))
        if axes > a.ndim:       # (TF's f-string formats the tensor: a scalar as a Python number, an array as numpy)
            raise ValueError('`axes` must not be larger than the number of dimensions of tensor {}.  Received {}, '
                             'vs tensor dimensions {}.'.format(a, axes, a.ndim))
        return list(range(a.ndim - axes, a.ndim)), list(range(axes))
    if isinstance(axes, (list, tuple)):
        if len(axes) != 2:
            raise ValueError('`axes` must be an integer or have length 2. Received %s.' % (axes,))
        axes_a, axes_b = axes
        if isinstance(axes_a, (int, np.integer)) and isinstance(axes_b, (int, np.integer)):
            axes_a, axes_b = [axes_a], [axes_b]
        if len(axes_a) != len(axes_b):
            raise ValueError('Different number of contraction axes `a` and `b`, %d != %d.'
                             % (len(axes_a), len(axes_b)))
        return list(axes_a), list(axes_b)
    try:
        rows = convert_to_tensor(axes, dtype='int32').numpy()      # a [2, k] tensor of axes
    except ValueError as err:       # TF converts it under the name 'axes'
        raise ValueError('axes: %s' % err) from None
    if rows.ndim == 0:      # TF slices axes[0] (StridedSlice) before any check
        raise kernel_error('StridedSlice', 'Attempting to slice scalar input.', named='strided_slice/',
                           note='tensordot: axes as a tensor must be a [2, k] array of axes; pass an int for a count')
    if rows.ndim == 1:      # axes[0] is then a scalar, which setdiff1d (ListDiff) refuses
        raise kernel_error('ListDiff', 'y should be a 1D vector.', named=True,
                           note='tensordot: axes as a tensor must be a [2, k] array of axes, got shape %s'
                                % (rows.shape,))
    return [int(i) for i in np.atleast_1d(rows[0])], [int(i) for i in np.atleast_1d(rows[1])]


def _tensordot_matrix(x, axes, flipped):
    """x transposed and reshaped to (free, contracted), or (contracted, free) when ``flipped`` (b), as TF's
    _tensordot_reshape does; returns it with the free axes' sizes."""
    shape = list(x.shape)
    axes = [int(i) if i >= 0 else int(i) + len(shape) for i in axes]
    free = [i for i in range(len(shape)) if i not in axes]
    free_dims = [shape[i] for i in free]
    size_free = int(np.prod(free_dims))
    try:
        size_axes = int(np.prod([shape[i] for i in axes]))
    except IndexError as err:       # an axis past the rank: TF's list lookup fails the same way
        raise noted(IndexError(str(err)), 'tensordot: axis %s is out of range for %s of shape %s'
                    % (next(i for i in axes if not -len(shape) <= i < len(shape)), 'b' if flipped else 'a',
                       tuple(shape))) from None
    perm = axes + free if flipped else free + axes
    new_shape = [size_axes, size_free] if flipped else [size_free, size_axes]
    if perm != list(range(len(shape))):
        x = transpose(x, perm)
    if list(x.shape) != new_shape:
        x = reshape(x, new_shape)
    return x, free_dims


@named_errors('einsum')
def einsum(equation, *inputs, **kwargs):
    """Einstein summation; the gradient of each operand is another einsum.

    Without '->' the output takes the letters that appear once, sorted (numpy's
    and TensorFlow's implicit mode), after the ellipsis axes. '...' stands for the same
    broadcast batch axes in every operand and the output (they become letters here).
    """
    for operand in inputs:      # (TF 2.21 reads each operand's .shape first: a list or a number has none)
        if not hasattr(operand, 'shape'):
            raise noted(AttributeError("'%s' object has no attribute 'shape'" % type(operand).__name__),
                        'einsum: each operand must be a tensor or array, got a %s' % type(operand).__name__)
    if not isinstance(equation, str):
        raise TypeError("einsum: the equation must be a string such as 'ij,jk->ik', got %r" % (equation,))
    tensors = [as_tensor(t, 'einsum') for t in inputs]
    given = equation
    if tensors:
        dtypes_seen = sorted({t.dtype.name for t in tensors})
        if len(dtypes_seen) > 1:     # (a Keras variable converts itself to the others' dtype, and refuses it)
            raise list_conversion_refusal(tensors, 'einsum') or _einsum_dtypes_error(tensors)
    equation = equation.replace(' ', '')
    _check_labels(equation)
    lhs, rhs = equation.split('->') if '->' in equation else (equation, None)
    specs = lhs.split(',')
    if len(specs) != len(tensors):
        # TF 2.21 counts the operands first (no operands too), naming the equation as the user spelled it
        raise noted(ValueError('Got %d inputs for equation "%s", expecting %d' % (len(tensors), given, len(specs))),
                    'einsum: %r needs %d operands, got %d' % (equation, len(specs), len(tensors)))
    _check_output_labels(equation, lhs, rhs)
    tensors = einsum_stand_ins.matched(specs, tensors)      # (a trace's stand-in lengths: TF's graph merges them)
    if len(tensors) > 2:
        # TF 2.21's Python checks each operand's labels against its rank, then runs binary einsums, whose
        # kernels report any size mismatch for the pair they hold (einsum_operand_ranks.py)
        from .einsum_operand_ranks import check_named_labels
        check_named_labels(specs, tensors, given)
        return _pairwise_einsum(specs, rhs, tensors)
    _check_ranks(specs, tensors, equation)
    _check_label_sizes(specs, tensors, equation)
    if tensors and tensors[0].dtype.name not in ('float32', 'float64'):
        from .einsum_kernel_dtypes import refuse_uncomputed
        refuse_uncomputed(tensors, lhs, rhs)
    broadcast = ''
    if '.' in equation:
        specs, rhs, tensors, broadcast = _spell_out_ellipses(equation, specs, rhs, tensors)
        lhs = ','.join(specs)
    if rhs is None:
        rhs = ''.join(sorted(c for c in set(lhs) if c.isalpha() and lhs.count(c) == 1))
    for spec, t in zip(specs, tensors):
        if len(spec) != t.ndim:
            raise InvalidArgumentError('einsum: subscripts %r in %r do not match an operand of shape %s'
                                       % (spec, equation, tuple(t.shape)))
    return _einsum_letters(specs, rhs, tensors, broadcast, equation)


def einsum_at_once(equation, *tensors):
    """An einsum of letters only ('ih,bijc,jw->bhwc'), every operand contracted in one numpy einsum, not
    pairwise as tf.einsum: the order kernels that loop over all indices at once add in (fractional_pool's
    FractionalAvgPoolGrad)."""
    lhs, rhs = equation.split('->')
    return _einsum_letters(lhs.split(','), rhs, list(tensors), '', equation)


def _pairwise_einsum(specs, rhs, tensors):
    """Three or more operands as TF 2.21 runs them: one binary einsum per step of opt_einsum's greedy
    path (einsum_path), each with its own gradient. As TF, an ellipsis is one label ('0') of the
    product of its axes while the path is planned, and an implicit output keeps the labels used once."""
    from collections import Counter
    from .einsum_path import contraction_steps
    marked = [spec.replace('...', '0') for spec in specs]
    if rhs is None:
        counts = Counter(''.join(marked))
        rhs = ''.join(c for c in sorted(counts) if counts[c] == 1)
    sizes = {}
    for spec, t in zip(marked, tensors):
        dims = [int(d) for d in t.shape]
        if '0' in spec:
            start, span = spec.index('0'), t.ndim - len(spec) + 1
            dims[start:start + span] = [int(np.prod([d for d in dims[start:start + span] if d], dtype=np.int64))]
        for c, d in zip(spec, dims):
            sizes[c] = max(sizes.get(c, 1), d)
    live = list(tensors)
    for positions, step in contraction_steps(marked, rhs.replace('...', '0'), sizes):
        operands = [live.pop(p) for p in positions]
        live.append(einsum(step.replace('0', '...'), *operands))
    return live[0]


def _check_output_labels(equation, lhs, rhs):
    """TF 2.21's Python checks of the output subscripts (its implicit output: the letters used once)."""
    if rhs is None:
        rhs = ''.join(sorted(c for c in set(lhs) if c.isalpha() and lhs.count(c) == 1))
    letters = rhs.replace('...', '')
    if len(set(letters)) != len(letters):
        raise ValueError('Output subscripts contain a label appearing more than once: %s' % equation)
    for label in letters:
        if label not in lhs:
            raise ValueError('Output subscripts contain the label %s not present in the input subscripts.' % label)


def _einsum_node(tensors):
    """The kernel TF's Einsum runs as: oneDNN's for float32 / bfloat16 / float16 where it is on."""
    return '__MklEinsum' if tensors[0].dtype.name in _ONEDNN_MATMUL_DTYPES and onednn_policy.enabled() else None


def _check_ranks(specs, tensors, equation):
    """The Einsum kernel's check of each operand's rank against its subscripts, first failing operand first
    (an operand with '...' needs at least as many axes as its letters)."""
    from .list_operands import list_kernel_error
    for index, (spec, t) in enumerate(zip(specs, tensors)):
        letters = len(spec.replace('...', ''))
        if ('...' in spec and t.ndim < letters) or ('...' not in spec and '.' not in spec and t.ndim != letters):
            raise list_kernel_error(
                'Einsum', len(tensors), 'Expected input %d to have rank %s%d but got: %d'
                % (index, 'at least ' if '...' in spec else '', letters, t.ndim), '',
                'einsum: operand %d has shape %s, which does not fit its subscripts %r in %r'
                % (index, tuple(t.shape), spec, equation), node=_einsum_node(tensors))


def _check_label_sizes(specs, tensors, equation):
    """The Einsum kernel's checks of the sizes: each label has one size, recorded at its first axis (inputs
    and axes in order, no broadcasting), then two operands' ellipsis axes must broadcast."""
    from .list_operands import list_kernel_error, shape_text
    sizes = {}
    for spec, t in zip(specs, tensors):
        head, _, tail = spec.partition('...')
        shape = t.shape
        axes = list(enumerate(head)) + ([(t.ndim - len(tail) + i, c) for i, c in enumerate(tail)] if '...' in spec
                                        else [])
        for axis, label in axes:
            if label == '.':
                continue
            size = sizes.setdefault(label, shape[axis])
            if size != shape[axis]:
                raise list_kernel_error(
                    'Einsum', len(tensors), 'Expected dimension %d at axis %d of the input shaped %s but got '
                    'dimension %d' % (size, axis, shape_text(shape), shape[axis]), '',
                    'einsum: %r cannot combine operands of shapes %s: subscript %r stands for axes of sizes %d '
                    'and %d' % (equation, [tuple(x.shape) for x in tensors], label, size, shape[axis]),
                    node=_einsum_node(tensors))
    if len(tensors) == 2 and all('...' in spec for spec in specs):
        batches = [t.shape[len(spec.partition('...')[0]):t.ndim - len(spec.partition('...')[2])]
                   for spec, t in zip(specs, tensors)]
        try:
            np.broadcast_shapes(*batches)
        except ValueError:
            node = _einsum_node(tensors)        # (Eigen's kernel and oneDNN's word it differently)
            raise list_kernel_error(
                'Einsum', 2, '%s: %s vs. %s' % ('In[0] and In[1] must have compatible batch dimensions' if node
                                                else 'Invalid broadcasting dimensions',
                                                shape_text(tensors[0].shape), shape_text(tensors[1].shape)), '',
                'einsum: the ellipsis axes %s of %r do not broadcast' % (batches, equation), node=node) from None


def _einsum_dtypes_error(tensors):
    """TensorFlow's Einsum refusing an operand unlike the first (oneDNN's kernel runs float32 ones)."""
    first = tensors[0].dtype
    index = next(i for i, t in enumerate(tensors) if t.dtype != first)
    runs = '_MklEinsum' if first.name in ('float32', 'bfloat16') and onednn_policy.enabled() else 'Einsum'
    error = eager_input_error('Einsum', index, first, tensors[index].dtype, runs)
    error.add_note('einsum: all operands must share one dtype, got %s; use framework.cast'
                   % [t.dtype.name for t in tensors])
    return list_mismatch(error, 'Einsum', [t.dtype for t in tensors])     # (a TypeError where TF traces)


def _check_labels(equation):
    """TF's einsum takes letters, commas, one '->' and '...' only (it spells '...' as '0' while
    checking, so a '0' beside one is refused): ValueErrors in its words."""
    resolved = equation
    error = None
    if '...' in equation and '0' in equation:
        error = ValueError('Invalid character "0" in equation: %s.' % equation)
    else:
        resolved = equation.replace('...', '0')
        labels = 'a-zA-Z0' if '...' in equation else 'a-zA-Z'
        if not re.match('^([{0},]*)(->[{0}]*)?$'.format(labels), resolved):
            error = ValueError('Subscripts have incorrect format: %s' % resolved)
    if error is not None:
        error.add_note('einsum: labels are letters, with commas between operands and one optional ...')
        raise error


def _einsum_letters(specs, rhs, tensors, broadcast, equation):
    """einsum of checked operands whose subscripts are letters (``broadcast``: an ellipsis's)."""
    xp = backend.array_module(tensors[0]._data)
    try:
        out = Tensor(einsum_array(xp, specs, rhs, [t._data for t in tensors], broadcast))
    except ValueError as err:
        raise InvalidArgumentError('einsum: %r cannot combine operands of shapes %s: %s'
                                   % (equation, [tuple(t.shape) for t in tensors], err)) from None
    if ACTIVE:
        vjps = tuple(_einsum_vjp(rhs, specs, i, broadcast) for i in range(len(tensors)))
        record('einsum', tuple(tensors), out, vjps)
    return out


def _spell_out_ellipses(equation, specs, rhs, tensors):
    """(specs, rhs, tensors, letters) with each '...' replaced by ``letters`` for the broadcast batch axes,
    right-aligned as numpy and TensorFlow align them; operands whose size-1 axes broadcast
    against a longer one are broadcast first (so each letter has one size)."""
    from .shapes import broadcast_to
    if any(spec.count('...') > 1 or spec.replace('...', '').count('.') for spec in specs + [rhs or '']):
        raise InvalidArgumentError('einsum: %r has a malformed ellipsis' % (equation,))
    ranks = [t.ndim - (len(spec) - 3) if '...' in spec else 0 for spec, t in zip(specs, tensors)]
    if min(ranks) < 0:
        raise InvalidArgumentError('einsum: %r has more subscripts than an operand of rank %d' % (equation, min(
            t.ndim for t in tensors)))
    starts = [spec.find('...') for spec in specs]
    batch_shapes = [tuple(t.shape[k:k + r]) if k >= 0 else () for t, k, r in zip(tensors, starts, ranks)]
    try:
        batch = np.broadcast_shapes(*batch_shapes)
    except ValueError:
        raise InvalidArgumentError('einsum: the ellipsis axes %s of %r do not broadcast' % (batch_shapes, equation)) \
            from None
    used = set(equation)
    letters = ''.join(c for c in 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz' if c not in used)[:len(batch)]
    out_specs, out_tensors = [], []
    for spec, t, k, r, shape in zip(specs, tensors, starts, ranks, batch_shapes):
        if shape != batch[len(batch) - r:]:
            wanted = tuple(t.shape[:k]) + batch[len(batch) - r:] + tuple(t.shape[k + r:])
            t = broadcast_to(t, wanted)
        out_specs.append(spec.replace('...', letters[len(letters) - r:]) if k >= 0 else spec)
        out_tensors.append(t)
    if rhs is None:         # as TensorFlow: the ellipsis is kept when one operand has it, like a letter
        joined = ''.join(specs).replace('...', '')
        singles = ''.join(sorted(c for c in set(joined) if c.isalpha() and joined.count(c) == 1))
        rhs = ('...' if sum(k >= 0 for k in starts) == 1 else '') + singles
    if '...' not in rhs and batch:
        raise InvalidArgumentError('einsum: %r: the output contains %d broadcasting dimension(s) but no ellipsis '
                                   '(...) was found in the output subscripts' % (equation, len(batch)))
    return out_specs, rhs.replace('...', letters), out_tensors, letters


def _einsum_vjp(rhs, specs, i, broadcast=''):
    """The gradient rule for operand ``i``: an einsum of g with the other operands."""
    def vjp(g, y, *operands):
        from .shapes import broadcast_to
        from .. import pfor_errors
        target = specs[i]
        if pfor_errors.ACTIVE[0] and any(len(set(spec)) != len(spec) for spec in specs):
            # TF's _EinsumGrad builds every operand's gradient, with the loop's batch label 'a' under pfor,
            # and graph mode refuses the repeated output label that a diagonal operand's needs
            repeated = next(spec for spec in specs if len(set(spec)) != len(spec))
            raise ValueError('Output subscripts contain a label appearing more than once: a%s->a%s'
                             % (','.join([rhs] + [s for s in specs if s != repeated]), repeated))
        x = operands[i]
        others = [t for j, t in enumerate(operands) if j != i]
        other_specs = [s for j, s in enumerate(specs) if j != i]
        sizes = {c: x.shape[k] for k, c in enumerate(target)}
        unique = ''.join(dict.fromkeys(target))
        # Letters summed inside this operand alone reach it by broadcasting.
        present = ''.join(c for c in unique if c in rhs or any(c in s for s in other_specs))
        # As TF: an operand without the output's ellipsis takes the gradient over its axes too
        # (appended last), summed over them after
        missing = ''.join(c for c in broadcast if c in rhs and c not in target)
        grad = _einsum_letters([rhs] + other_specs, present + missing, [g] + others, broadcast,
                               ','.join([rhs] + other_specs) + '->' + present + missing)
        if missing:
            grad = reduce_sum(grad, axis=list(range(len(present), len(present) + len(missing))))
        if present != unique:
            grad = broadcast_to(reshape(grad, [sizes[c] if c in present else 1 for c in unique]),
                                [sizes[c] for c in unique])
        if unique != target:
            grad = _onto_diagonals(grad, unique, target, sizes, rhs + ''.join(specs))
        return grad
    return vjp


def _onto_diagonals(grad, unique, target, sizes, used):
    """Place ``grad`` (subscripts ``unique``) on the diagonals of an operand whose
    subscripts ``target`` repeat letters (as in 'ii->i'): identity matrices
    pair each repeat with its first occurrence."""
    xp = backend.array_module(grad._data)     # on grad's device, whatever scope the sweep runs in
    fresh = iter(c for c in 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ' if c not in used)
    seen, out_spec, eye_specs, eyes = set(), '', [], []
    for c in target:
        if c in seen:
            d = next(fresh)
            eye_specs.append(c + d)
            eyes.append(Tensor(xp.eye(sizes[c], dtype=grad.dtype)))
            out_spec += d
        else:
            seen.add(c)
            out_spec += c
    equation = ','.join([unique] + eye_specs) + '->' + out_spec
    placed = einsum(equation, grad, *eyes)
    # off the diagonals TF's Einsum inflates into zeros (+0.0), where g * 0 of a negative g is -0.0
    from .selection import where
    on = einsum(equation, Tensor(xp.ones_like(grad._data)), *eyes)._data != 0
    return where(Tensor(on), placed, 0)


def affine(x, kernel, bias=None):
    """x @ kernel + bias over the last axis of x: Dense's work as one op.

    Fused so that a layer keeps one output array (not the product and the
    sum) and records one node; the gradients are the same matmuls.
    """
    inputs, y = affine_array(x, kernel, bias, 'affine')
    out = Tensor(y)
    if ACTIVE:
        record('affine', inputs, out, _AFFINE_VJPS)
    return out


def affine_array(x, kernel, bias, op):
    """(the op's tensor inputs, the raw x @ kernel + bias), after checking the shapes."""
    x, kernel, dx, dk = binary(x, kernel, op)
    # (the arrays' shapes read once: each numpy attribute read costs a few hundred instructions, and
    # every Dense call of a training step comes here)
    try:
        x_shape, k_shape = dx.shape, dk.shape
        fits = len(k_shape) == 2 and len(x_shape) >= 2 and x_shape[-1] == k_shape[0]
    except AttributeError:          # a Python number comes back from binary() as itself
        fits = False
    if not fits:
        raise InvalidArgumentError('%s: input of shape %s does not match a kernel of shape %s (the input needs '
                                   'rank >= 2 and a last axis of %s)'
                                   % (op, tuple(np.shape(dx)), tuple(np.shape(dk)), np.shape(dk)[:1]))
    xp = np if type(dx) is ndarray else backend.array_module(dx)
    units = k_shape[1]
    if len(x_shape) == 2:
        # one sample: TF's order of sums (one_row_product.py); a batch: BLAS, tested here so that
        # the training step's matmuls pay no extra call
        if x_shape[0] == 1:
            y = one_row_matmul(xp, dx, dk)
        elif units == 1 and column_product.wanted(dx, dk, xp):     # Dense(1): oneDNN's order
            y = column_product.column_matmul(dx, dk)
        else:
            y = rows_matmul(dx, dk)      # oneDNN's order where numpy's differs (sixteen_column_product.py)
    elif units == 1 and column_product.wanted(dx.reshape(-1, x_shape[-1]), dk, xp):
        y = column_product.column_matmul(dx.reshape(-1, x_shape[-1]), dk).reshape(x_shape[:-1] + (1,))
    else:
        # one (rows, K) @ (K, N) product, as TF's tensordot does: numpy's stacked matmul runs a
        # product per leading index, re-reading the kernel each time (4x slower on ConvNeXt's MLPs)
        flat = dx.reshape(-1, x_shape[-1])
        y = (one_row_matmul(xp, flat, dk) if flat.shape[0] == 1 else rows_matmul(flat, dk))
        y = y.reshape(x_shape[:-1] + (units,))
    if bias is None:
        return (x, kernel), y
    if not isinstance(bias, Tensor):
        bias = as_tensor(bias, op)
    db, dtype = bias._data, dk.dtype
    if db.shape != (units,) or db.dtype != dtype:
        raise InvalidArgumentError('%s: bias must have shape %s and dtype %s, got %s %s'
                                   % (op, (units,), dtype.name, tuple(bias.shape), bias.dtype.name))
    if dtype is not _FLOAT32 and y.dtype.itemsize == 2 and graph_rewrites.tracing() and onednn_policy.enabled():
        # float16 / bfloat16 in a traced function (Keras's fit and predict steps, a tf.function) where
        # TensorFlow runs oneDNN: its grappler fuses MatMul + BiasAdd into one oneDNN kernel, which sums
        # each product over the whole depth in order in float32, adds the bias and rounds once (eager TF,
        # or TF without oneDNN, rounds the product, then adds in half precision, as below)
        return (x, kernel, bias), half_fused_affine(dx, dk, db).astype(y.dtype)
    y += db
    return (x, kernel, bias), y


def half_fused_affine(dx, dk, db):
    """x @ kernel + bias of float16 / bfloat16 arrays as TensorFlow's fused oneDNN MatMul + BiasAdd kernel
    sums them (see affine_array): in float32, not rounded yet (the fused activation, if any, comes first)."""
    xp = np if type(dx) is ndarray else backend.array_module(dx)
    flat = dx.reshape(-1, dx.shape[-1])
    wide = (wide_product(flat, dk) if xp is np else product(flat.astype(np.float32), dk.astype(np.float32)))
    wide = wide.reshape(dx.shape[:-1] + dk.shape[1:])
    wide += db.astype(np.float32)
    return wide


def _flat2d(t):
    return t if t.ndim == 2 else reshape(t, (-1, t.shape[-1]))


def _affine_input_grad(g, y, x, kernel, *bias):
    if g.ndim == 2:
        return matmul(g, kernel, transpose_b=True)
    # one MatMul(transpose_b) of the flattened rows, as the array rule (its few-rows kernel included)
    flat = matmul(_flat2d(g), kernel, transpose_b=True)
    return reshape(flat, tuple(g.shape[:-1]) + (kernel.shape[0],))


def _affine_input_grad_array(g, y, x, kernel, *bias):
    if g.ndim == 2:
        if g.shape[0] == 1 or kernel.shape[0] == 1:
            # one sample or one input feature: the tensor rule's MatMul(transpose_b) routes (Eigen's gemv,
            # coefficient-based product or single output where oneDNN is off); rows_matmul_transposed alone
            # summed a batch of 4 through Dense(8) on one feature otherwise than the traced step (lead55 kpred.py)
            return _matmul_array(np if type(g) is ndarray else backend.array_module(g), g, kernel, False, True)
        return rows_matmul_transposed(g, kernel)       # oneDNN's order for batches of 16+ rows
    # TF's gradient of a Dense layer on (batch, ..., features) is one product of the flattened rows
    flat = rows_matmul_transposed(g.reshape(-1, g.shape[-1]), kernel)
    return flat.reshape(g.shape[:-1] + (kernel.shape[0],))


def _affine_kernel_grad(g, y, x, kernel, *bias):
    return matmul(_flat2d(x), _flat2d(g), transpose_a=True)


def _affine_kernel_grad_array(g, y, x, kernel, *bias):
    if x.ndim != 2:
        x, g = x.reshape(-1, x.shape[-1]), g.reshape(-1, g.shape[-1])
    return _kernel_product(x.T, g)


def _affine_bias_grad(g, y, x, kernel, bias):
    if g.shape[-1] != 1 and g._data.dtype.kind == 'f':
        return bias_add_grad(g)         # the array rule's BiasAddGrad order, recorded for an outer tape
    return reduce_sum(g, 0 if g.ndim == 2 else tuple(range(g.ndim - 1)))      # one int: normalize_axis's quick case


def _affine_bias_grad_array(g, y, x, kernel, bias):
    if g.shape[-1] == 1:
        # One unit: TF drops the size-1 axes and sums the column as a whole tensor, in its
        # order (reduce_sum's); a Dense(1) regression's bias drifted from a partial last batch,
        # and a Dense(1) on (batch, time, features) windows (the time-series tutorial) too. A
        # bfloat16 column too: that sum adds in float32 and rounds once (TF 2.21 -0x1.fp+1 over
        # 16 rows, where bfloat16 steps gave -0x1.f2p+1)
        return eigen_sum.sum_all(g).reshape(1)
    if g.dtype.kind == 'V':
        # bfloat16's BiasAddGrad adds in bfloat16 steps, as numpy's sum does, but from +0 (no -0 sums)
        return g.sum(axis=0 if g.ndim == 2 else tuple(range(g.ndim - 1)), dtype=g.dtype) + g.dtype.type(0)
    # Keras's Dense adds its bias with tf.nn.bias_add: BiasAddGrad's order (float16 summed in
    # float32 and rounded once), which is row after row below ~124,000 values
    return bias_grad_sum(g)


_AFFINE_VJPS = (array_rule(_affine_input_grad, _affine_input_grad_array),
                array_rule(_affine_kernel_grad, _affine_kernel_grad_array),
                array_rule(_affine_bias_grad, _affine_bias_grad_array))
