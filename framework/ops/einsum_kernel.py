"""An einsum of one or two operands computed as TensorFlow's Einsum kernel computes it.

TensorFlow (core/kernels/linalg/einsum_op_impl.h) sorts each operand's axes by kind
(broadcast: the ellipsis's; batch: in both operands and the output; free: in one operand and
the output; contract: in both, not the output; reduce: in one, not the output), sums the
reduce axes away, folds the free and the contract axes into one each and runs one batched
matrix product ``(batch, F0, C) @ (batch, F1, C)^T`` before unfolding and transposing the
result. numpy's einsum sums the products in another order, so MultiHeadAttention's
projections and scores (``abc,cde->abde``, ``aecd,abcd->acbe``) differed from TF's in the
last bit of about half their values, and a Transformer's training drifted from TF's.

The product is TF's batched matmul (its _MklEinsum runs oneDNN's): where batched_product.py
sums tf.matmul's float32 batches in oneDNN's chains (exact mode; small products by default), the
einsum takes them too, so the style-transfer gram 'bijc,bijd->bcd' over 832 positions carries the
bits of the transposed matmul TF gives it. Elsewhere, as measured against TF 2.21 (oneDNN,
x86-64) on einsums of the attention layers and their gradients: a matrix of one row or one
column is summed with one fused multiply-add per step in order, emulated in float64 for float32 where eigen_math's mode
computes the result exactly (a loop over the contraction: by default results of up to 32
values, BLAS's bits otherwise, as an ellipsis's rows, each a one-row product, take); other products
match numpy's BLAS given a contiguous right operand (a transposed view of it is summed in
another order), up to a contraction of about 256: longer ones are blocked differently by
oneDNN and keep BLAS's last bits. float64 products run Eigen's BatchMatMul: with no free letter
each dot product adds in order, one with a side of 1 is tf.matmul's (its gemv), small ones are
eigen_double_product's. A letter repeated in one operand is that diagonal, taken first as TF does; one repeated in the output and three or more operands go to the backend's einsum.
"""
import numpy as np

from . import batched_product, eigen_avx2_product, eigen_double_product, eigen_float_batched, eigen_math, \
    eigen_sum
from .. import onednn_policy
from ..blas_threads import product

# TensorFlow's EinsumDimensionType order; an operand's axes are sorted by it
_BROADCAST, _BATCH, _FREE, _CONTRACT, _REDUCE = 0, 1, 2, 3, 4
# the order TF checks to multiply an operand transposed instead of transposing it
_SWAPPED_RANK = {_BROADCAST: 0, _BATCH: 1, _CONTRACT: 2, _FREE: 3, _REDUCE: 4}


def einsum_array(xp, specs, output, arrays, broadcast=''):
    """``xp.einsum`` of raw ``arrays`` with subscripts ``specs`` (one per array, letters only)
    and ``output``, in TensorFlow's order of operations; ``broadcast`` holds the letters an
    ellipsis stood for, in order (they broadcast as numpy's leading batch axes).

    Raises:
        ValueError: a letter has two sizes, or the operands do not broadcast.
    """
    if len(arrays) > 2 or len(set(output)) != len(output) or any(c not in ''.join(specs) for c in output):
        return xp.einsum(','.join(specs) + '->' + output, *arrays)
    # a letter repeated in an operand: TF's ReduceOperand takes that diagonal (a strided view, no arithmetic)
    # and goes on as for distinct letters, choosing whether to multiply transposed from all the letters
    labels = list(specs)
    specs = [''.join(dict.fromkeys(spec)) for spec in labels]
    arrays = [xp.einsum(spec + '->' + unique, array) if unique != spec else array
              for spec, unique, array in zip(labels, specs, arrays)]
    ids = {}
    for c in ''.join(specs) + output:        # labels are numbered as they first appear
        ids.setdefault(c, len(ids))
    kinds = {c: _BROADCAST if c in broadcast and c in output else _kind(c in output, len(specs) == 1 or any(c not in s for s in specs))
             for c in ids}
    order = {c: (kinds[c], broadcast.index(c) if kinds[c] == _BROADCAST else ids[c]) for c in ids}
    sizes = _letter_sizes(specs, arrays, broadcast)
    folded, swapped, free = [], [], []
    for spec, array, spec_labels in zip(specs, arrays, labels):
        matrix, swap, letters = _fold(xp, spec, array, kinds, order, sizes, spec_labels)
        folded.append(matrix)
        swapped.append(swap)
        free.extend(letters)
    if len(arrays) == 1:
        result = folded[0]
    else:
        lhs, rhs = folded
        lhs, rhs = lhs.swapaxes(-1, -2) if swapped[0] else lhs, rhs if swapped[1] else rhs.swapaxes(-1, -2)
        if xp is np and lhs.dtype == np.float64 and not free:
            result = _double_dots(lhs, rhs)
        elif xp is np and lhs.dtype == np.float64 and eigen_double_product.batched_wanted(lhs, rhs):
            result = _double_product(swapped, lhs, rhs)
        elif xp is np and lhs.dtype == np.float32 and onednn_policy.eigen_avx2() \
                and eigen_float_batched.wanted(lhs, rhs):
            # a small batched float32 product where oneDNN is off (the AVX2 EPYC): Eigen's coefficient-based
            # BatchMatMul, as tf.matmul's (eigen_float_batched; gradfuzz32 p25.py). A batch of one too where
            # a side is 1 ('ij,j->i'): Einsum's BatchMatMul then runs its sequential kernel, Eigen's Matrix
            # product, not MatMul's contraction (gradfuzz33 p9.py)
            result = eigen_float_batched.batched_matmul(lhs, rhs, rows_by_rows=not swapped[0] and not swapped[1])
        elif xp is np and 1 in (lhs.shape[-2], rhs.shape[-1]) and (
                lhs.dtype == np.float64 and lhs.ndim == 2 or lhs.dtype == np.float32 and _one_matrix(lhs, rhs)
                and onednn_policy.eigen_avx2()):
            # one product with a side of 1: TF's BatchMatMul of a batch of one, tf.matmul's (gemv past the
            # coefficient-based sizes), given the stored operands and TF's trans_x / trans_y
            from .linalg import _matmul_array          # (linalg imports this module)
            result = _matmul_array(np, folded[0].reshape(folded[0].shape[-2:]), folded[1].reshape(
                folded[1].shape[-2:]), swapped[0], not swapped[1]).reshape(
                np.broadcast_shapes(lhs.shape[:-2], rhs.shape[:-2]) + (lhs.shape[-2], rhs.shape[-1]))
        else:
            result = _product(xp, lhs, rhs)
    letters = sorted((c for c in ids if kinds[c] in (_BROADCAST, _BATCH)), key=order.get) + free
    result = result.reshape(tuple(sizes[c] for c in letters))
    if result.dtype != arrays[0].dtype:
        result = result.astype(arrays[0].dtype)      # bfloat16: ml_dtypes' product gives float32
    axes = [letters.index(c) for c in output]
    return result.transpose(axes) if axes != list(range(len(axes))) else result


def _kind(kept, in_one):
    if kept:
        return _FREE if in_one else _BATCH
    return _REDUCE if in_one else _CONTRACT


def _letter_sizes(specs, arrays, broadcast):
    sizes = {}
    for spec, array in zip(specs, arrays):
        for c, n in zip(spec, array.shape):
            known = sizes.setdefault(c, n)
            if known != n and not (c in broadcast and 1 in (known, n)):
                raise ValueError('subscript %r stands for axes of sizes %d and %d' % (c, known, n))
            sizes[c] = max(known, n)
    return sizes


def _fold(xp, spec, array, kinds, order, sizes, labels):
    """(array as (batch..., F, C), or (batch..., C, F) when already in that order, which TF
    multiplies transposed rather than transposing; whether so; its free letters in order).
    ``labels``: the operand's letters before its diagonals were taken (TF's order check reads them)."""
    keys = [(_SWAPPED_RANK[kinds[c]], order[c][1]) for c in labels]
    swap = all(a <= b for a, b in zip(keys, keys[1:]))
    letters = list(spec) if swap else sorted(spec, key=order.get)
    if letters != list(spec):
        array = array.transpose([spec.index(c) for c in letters])
    batch = tuple(array.shape[k] for k, c in enumerate(letters) if kinds[c] in (_BROADCAST, _BATCH))
    total = {kind: 1 for kind in (_FREE, _CONTRACT, _REDUCE)}
    for c in letters:
        if kinds[c] in total:
            total[kinds[c]] *= sizes[c]
    if any(kinds[c] == _REDUCE for c in letters):
        array = _sum_in_order(xp, xp.ascontiguousarray(array).reshape(
            batch + (total[_FREE] * total[_CONTRACT], total[_REDUCE])))
    inner = (total[_CONTRACT], total[_FREE]) if swap else (total[_FREE], total[_CONTRACT])
    return array.reshape(batch + inner), swap, [c for c in letters if kinds[c] == _FREE]


def _sum_in_order(xp, array):
    """Sums over the last axis one value after another from 0, as the Einsum kernel's reduction
    (ReduceOperand's ReduceFunctor) adds at every length, with no packets nor halving: 'ij->i' of rows
    of 8 or more, and 'i->', differed from reduce_sum's order by an ulp (TF 2.21, float32 and float64)."""
    if xp is not np or not array.shape[-1]:
        return eigen_sum.sum_last_axis(array)
    # cumsum is numpy's in-order accumulation; + 0 as Eigen's accumulator starts at +0 (a row of -0 sums to 0)
    return np.cumsum(array, axis=-1, dtype=array.dtype)[..., -1] + array.dtype.type(0)


def _double_product(swapped, lhs, rhs):
    """A float64 product as TF 2.21's BatchMatMul sums it (eigen_double_product: Eigen's tensor contraction,
    or its coefficient-based Matrix product for small ones, each value's products added from the first).
    That small product reads the right operand by packets when neither operand is transposed (TF's
    trans_x = swapped[0], trans_y = not swapped[1]), and its packets start from +0: a -0 total is +0 there
    (measured: progs/gradfuzz8/t_ez3.py, 'bik,bkj' against 'bki,bkj')."""
    result = eigen_double_product.eigen_double_batched(lhs, rhs, rows_by_rows=not swapped[0] and not swapped[1])
    if not swapped[0] and swapped[1]:
        result += 0.0
    return result


def _one_matrix(lhs, rhs):
    """Whether both operands hold one matrix (every batch length 1)."""
    return all(n == 1 for n in lhs.shape[:-2] + rhs.shape[:-2])


def _double_dots(lhs, rhs):
    """float64 (..., 1, C) @ (..., C, 1) of an einsum with no free letter ('j,j->', 'ij,ij->', 'bj,bj->b'): TF 2.21
    adds each batch's products in order (measured: progs/gradfuzz21/m_ein.py, c_ein.py: depths 1-200, all values;
    numpy's BLAS differed from a depth of 18 on, in about half), from the first product in Eigen's
    coefficient-based sizes (C + 2 < 20: -0 products sum to -0) and from +0 past them (t4.py)."""
    with np.errstate(all='ignore'):
        products = lhs[..., 0, :] * rhs[..., :, 0]
    depth = products.shape[-1]
    total = products[..., 0] if depth + 2 < _COEFFICIENT_BASED else 0.0 + products[..., 0]
    for k in range(1, depth):
        total = total + products[..., k]
    return np.asarray(total)[..., None, None]


# below this K + M + N, Eigen's coefficient-based product (eigen_double_product.py)
_COEFFICIENT_BASED = 20


def _product(xp, lhs, rhs):
    """``lhs @ rhs`` (stacked, broadcasting) with TF's BatchMatMul bits where known (see above)."""
    if xp is np and batched_product.wanted(lhs, rhs):
        return batched_product.batched_matmul(lhs, rhs)
    if lhs.ndim == 2 and rhs.ndim == 2 and eigen_avx2_product.wanted(lhs, rhs):
        # no batch letter, where oneDNN is off (the AVX2 EPYC): TF's Einsum runs BatchMatMul with a batch
        # of one, which sums as its MatMul (EinsumDense's 'abc,cde->abde' equals tf.matmul of the folded
        # rows bit for bit there), so it takes tf.matmul's emulation of Eigen's contraction
        return eigen_avx2_product.eigen_avx2_matmul(lhs, rhs)
    vector = 1 in (lhs.shape[-2], rhs.shape[-1])
    if vector and xp is np and lhs.dtype == np.float32 and rhs.dtype == np.float32 \
            and eigen_math.exact_for_size(_product_size(lhs, rhs)):
        return _fused_steps(lhs, rhs)
    if rhs.ndim == 2 and lhs.ndim > 2:
        # one (rows, K) @ (K, N) product, not one per leading index (an ellipsis's one-row products)
        flat = product(lhs.reshape(-1, lhs.shape[-1]), xp.ascontiguousarray(rhs))
        return flat.reshape(lhs.shape[:-1] + (rhs.shape[-1],))
    return product(lhs, xp.ascontiguousarray(rhs))


def _product_size(lhs, rhs):
    size = lhs.shape[-2] * rhs.shape[-1]
    for n in np.broadcast_shapes(lhs.shape[:-2], rhs.shape[:-2]):
        size *= n
    return size


def _fused_steps(lhs, rhs):
    """A float32 product summed as one fused multiply-add per step of the contraction, in order
    (the exact product plus the sum, rounded once to float64 and then to float32)."""
    shape = np.broadcast_shapes(lhs.shape[:-2], rhs.shape[:-2]) + (lhs.shape[-2], rhs.shape[-1])
    total = np.zeros(shape, np.float64)
    wide_lhs, wide_rhs = lhs.astype(np.float64), rhs.astype(np.float64)
    for k in range(lhs.shape[-1]):
        total += wide_lhs[..., :, k:k + 1] * wide_rhs[..., k:k + 1, :]
        total = total.astype(np.float32).astype(np.float64)
    return total.astype(np.float32)
