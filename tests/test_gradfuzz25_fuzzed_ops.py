"""Differences from TF 2.21 that gradfuzz25's fuzzer found (notes/progs/gradfuzz25/fz.py), pinned to TF's values."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('dtype, value, grad', [
    (tf.float32, 0.5105040669441223, 0.2852942943572998),       # TF 2.21's values
    (tf.float64, 0.5105040575592318, 0.2852943194170755),
])
def test_dawsn_of_a_scalar(dtype, value, grad):
    # tapeflow raised "'numpy.float32' object does not support item assignment" for a 0-d tensor
    x = tf.constant(0.7, dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.special.dawsn(x)
    g = tape.gradient(y, x)
    assert y.shape == () and g.shape == ()
    assert float(y.numpy()) == value and float(g.numpy()) == grad


def _isotonic_gradient(x, **kwargs):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.isotonic_regression(x, **kwargs)[0]
        loss = tf.reduce_sum(y * tf.reshape(tf.range(tf.size(y), dtype=y.dtype) + 1, y.shape))
    return y, tape.gradient(loss, x)


@pytest.mark.parametrize('decreasing', [True, False])
def test_isotonic_regression_gradient_of_a_vector_is_a_column(decreasing):
    # TF 2.21's _MeanAggregator splits the gradient along axis 0: a vector's entries are rows of their own,
    # so the gradient is the upstream one reshaped to (n, 1), not averaged over segments
    x = tf.constant([1.0, 0.3, 2.0, -0.4])
    y, grad = _isotonic_gradient(x, decreasing=decreasing)
    assert grad.shape == (4, 1)
    assert grad.numpy().ravel().tolist() == [1.0, 2.0, 3.0, 4.0]


def test_isotonic_regression_gradient_of_rank_3_shares_segment_numbers_per_block():
    # TF 2.21: a (2, 2, 3) input's gradient has shape (2, 6); each block along axis 0 averages the upstream
    # gradient over every entry with the same segment number, across its rows
    x = tf.constant([[[3.0, 2.0, 1.0], [1.0, 2.0, 3.0]], [[0.0, 0.0, 5.0], [4.0, 1.0, 1.0]]])
    y, grad = _isotonic_gradient(x)
    segments = tf.nn.isotonic_regression(x)[1].numpy()
    upstream = np.arange(1.0, 13.0).reshape(2, 2, 3)
    expected = np.zeros((2, 2, 3))
    for b in range(2):
        for s in np.unique(segments[b]):
            expected[b][segments[b] == s] = upstream[b][segments[b] == s].mean()
    assert grad.shape == (2, 6)
    np.testing.assert_allclose(grad.numpy(), expected.reshape(2, 6), rtol=1e-6)
    assert grad.numpy().tolist() == [[4.0, 2.0, 3.0, 4.0, 4.0, 4.0], [8.5, 8.5, 8.5, 8.5, 11.0, 12.0]]   # TF 2.21


@pytest.mark.parametrize('axis', [-1, 0])
def test_isotonic_regression_gradient_of_a_matrix_is_each_rows_segment_mean(axis):
    x = tf.constant([[3.0, 1.0, 2.0], [0.5, 2.5, 1.0]], tf.float64)
    y, grad = _isotonic_gradient(x, axis=axis)
    assert grad.shape == (2, 3)
    expected = [[1.0, 2.5, 2.5], [4.5, 4.5, 6.0]] if axis == -1 else [[1.0, 3.5, 3.0], [4.0, 3.5, 6.0]]   # TF 2.21
    assert grad.numpy().tolist() == expected


def test_isotonic_regression_takes_bfloat16():
    # TF 2.21 registers bfloat16 (tapeflow refused it with the registry's words, bfloat16 among the allowed)
    x = tf.cast(tf.constant([[1.0, 0.3, -0.4], [-1.1, -1.8, -2.5]]), tf.bfloat16)
    y, grad = _isotonic_gradient(x)
    assert y.dtype == tf.bfloat16 and grad.dtype == tf.bfloat16
    assert y.numpy().astype(np.float32).tolist() == [[1.0, 0.30078125, -0.400390625], [-1.1015625, -1.796875, -2.5]]


@pytest.mark.parametrize('diagonals_format', ['compact', 'sequence'])
@pytest.mark.parametrize('dtype', [tf.float32, tf.float64])
def test_tridiagonal_matmul_of_1x1_systems_differentiates(diagonals_format, dtype):
    # TF 2.21: y = [[-0.696816, -1.245253]], d gradient [[0], [-3.616622], [0]], rhs gradient [[0.881298, 1.762596]]
    # (tapeflow's gradient refused diag_part(k=-1) of the 1 x 1 matrix it built)
    d = tf.constant([[0.5], [0.8812980055809021], [-1.5]], dtype)
    rhs = tf.constant([[-0.7906683], [-1.4129777]], dtype)
    rhs = tf.reshape(rhs, [1, 2])
    with tf.GradientTape() as tape:
        tape.watch([d, rhs])
        diagonals = d if diagonals_format == 'compact' else (d[0], d[1], d[2])
        y = tf.linalg.tridiagonal_matmul(diagonals, rhs, diagonals_format=diagonals_format)
        loss = tf.reduce_sum(y * tf.constant([[1.0, 2.0]], dtype))
    grad_d, grad_rhs = tape.gradient(loss, [d, rhs])
    np.testing.assert_allclose(y.numpy(), d.numpy()[1] * rhs.numpy(), rtol=1e-6)
    assert grad_d.numpy()[0].tolist() == [0.0] and grad_d.numpy()[2].tolist() == [0.0]
    np.testing.assert_allclose(grad_d.numpy()[1], rhs.numpy()[0, 0] + 2 * rhs.numpy()[0, 1], rtol=1e-6)
    np.testing.assert_allclose(grad_rhs.numpy(), [[0.8812980055809021, 1.7625960111618042]], rtol=1e-6)


def test_tridiagonal_matmul_of_separate_unused_diagonals_gives_zeros():
    superdiag, maindiag, subdiag = tf.constant([2.0]), tf.constant([3.0]), tf.constant([4.0])
    with tf.GradientTape() as tape:
        tape.watch([superdiag, subdiag])
        y = tf.linalg.tridiagonal_matmul((superdiag, maindiag, subdiag), tf.ones([1, 2]), diagonals_format='sequence')
    grads = tape.gradient(y, [superdiag, subdiag])      # TF 2.21: zeros from TridiagonalMatMul's rule, not None
    assert [g.numpy().tolist() for g in grads] == [[0.0], [0.0]]


def test_tridiagonal_matmul_of_a_1x1_matrix_format():
    # TF 2.21 reads the diagonals with diag_part(k=(-1, 1)), which refuses a 1 x 1 matrix
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.linalg.tridiagonal_matmul(tf.constant([[2.0]]), tf.ones([1, 2]), diagonals_format='matrix')
    assert str(info.value) == ('{{function_node __wrapped__MatrixDiagPartV3_device_/job:localhost/replica:0/task:0/'
                               'device:CPU:0}} lower_diag_index is out of bound: -1. It must be between -1 and 1 '
                               '[Op:MatrixDiagPartV3]')


@pytest.mark.parametrize('dtype', [tf.complex64, tf.complex128])
def test_lu_of_complex_matrices(dtype):
    # TF 2.21 registers Lu for complex64 / complex128 (tapeflow refused them); its gradient is the registry's
    # LookupError, as for real matrices
    a = tf.cast(tf.complex(tf.constant([[0.1, -1.2, 0.7], [1.9, 0.3, -0.4], [-0.8, 1.1, 1.5]]),
                           tf.constant([[0.5, 0.2, -1.0], [0.0, 1.3, 0.6], [-0.7, 0.4, 0.9]])), dtype)
    with tf.GradientTape() as tape:
        tape.watch(a)
        lu, p = tf.linalg.lu(a)
    assert lu.dtype == dtype and p.dtype == tf.int32
    assert p.numpy().tolist() == [1, 2, 0]      # TF 2.21 (partial pivoting by modulus)
    tol = 1e-5 if dtype == tf.complex64 else 1e-12
    np.testing.assert_allclose(tf.linalg.lu_reconstruct(lu, p).numpy(), a.numpy(), atol=tol)
    np.testing.assert_allclose(tf.linalg.lu_matrix_inverse(lu, p).numpy(), np.linalg.inv(a.numpy()), atol=10 * tol)
    with pytest.raises(LookupError, match='gradient registry has no entry for: Lu'):
        tape.gradient(lu, a)


_TRIANGULAR_SOLVE_HALF = ("Could not find device for node: {{node MatrixTriangularSolve}} = "
                          "MatrixTriangularSolve[T=DT_HALF, adjoint=false, lower=false]")


@pytest.mark.parametrize('full_matrices', [False, True])
@pytest.mark.parametrize('shape', [(3, 3), (3, 2), (2, 3)])
def test_float16_qr_gradient_has_no_half_triangular_solve(shape, full_matrices):
    # TF 2.21 has a half Qr kernel, but _QrGrad's MatrixTriangularSolve has none: NotFoundError (tapeflow
    # differentiated through float32); a deep complete q refuses first with QrGrad's NotImplementedError
    x = tf.cast(tf.reshape(tf.range(np.prod(shape), dtype=tf.float32) * 0.3 + 1.0, shape), tf.float16)
    with tf.GradientTape() as tape:
        tape.watch(x)
        q, r = tf.linalg.qr(x, full_matrices=full_matrices)
    assert q.dtype == tf.float16 and r.dtype == tf.float16
    if full_matrices and shape == (3, 2):
        with pytest.raises(NotImplementedError, match='QrGrad not implemented when nrows > ncols'):
            tape.gradient(r, x)
    else:
        with pytest.raises(tf.errors.NotFoundError) as info:
            tape.gradient(r, x)
        assert str(info.value).startswith(_TRIANGULAR_SOLVE_HALF)


@pytest.mark.parametrize('dtype', [tf.float32, tf.float64])
def test_tensor_diag_part_of_a_scalar_refuses_its_gradient(dtype):
    # TF 2.21: DiagPart passes a scalar on, its rule Diag(grad) refuses rank 0 (tapeflow gave 1.0)
    x = tf.constant(0.7, dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.linalg.tensor_diag_part(x) * 2.0
    assert y.shape == () and float(y.numpy()) == float(tf.constant(1.4, dtype).numpy())
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tape.gradient(y, x)
    assert str(info.value) == ('{{function_node __wrapped__Diag_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Input must be at least rank 1, got 0 [Op:Diag] name: ')


@pytest.mark.parametrize('lengths', [[], ()])
def test_reverse_sequence_of_no_lengths(lengths):
    # TF 2.21 converts an empty list with Tlen's default, int64 (tapeflow made it float32 and refused it)
    y = tf.reverse_sequence(tf.zeros([0, 3]), lengths, 1, 0)
    assert y.shape == (0, 3) and y.dtype == tf.float32


@pytest.mark.parametrize('lengths, tail', [([1.0], ''), (tf.constant([1.0]), ' name: ')])
def test_reverse_sequence_float_lengths_text(lengths, tail):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.reverse_sequence(tf.zeros([1, 3]), lengths, 1, 0)
    assert str(info.value) == (      # TF 2.21's words
        "Value for attr 'Tlen' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node "
        "ReverseSequence}}; Op<name=ReverseSequence; signature=input:T, seq_lengths:Tlen -> output:T; attr=seq_dim:int; "
        "attr=batch_dim:int,default=0; attr=T:type; attr=Tlen:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> "
        "[Op:ReverseSequence]" + tail)


@pytest.mark.parametrize('dtype', [tf.complex64, tf.complex128])
@pytest.mark.parametrize('shape', [(3, 2), (2, 3), (2, 3, 2)])
def test_lstsq_fast_false_of_complex_matrices(dtype, shape):
    # TF 2.21's MatrixSolveLs takes complex matrices with fast=False (the minimum-norm solution); tapeflow
    # refused them with pinv's "Input `a` must have `float`-like `dtype`". Its gradient stays refused.
    rng = np.random.default_rng(len(shape) + shape[-1])
    a = tf.cast(tf.complex(rng.uniform(-2, 2, shape), rng.uniform(-2, 2, shape)), dtype)
    b = tf.ones(shape[:-1] + (1,), dtype)
    with tf.GradientTape() as tape:
        tape.watch(a)
        x = tf.linalg.lstsq(a, b, fast=False)
    expected = np.linalg.pinv(a.numpy().astype(np.complex128)) @ b.numpy()
    assert x.dtype == dtype and x.shape == shape[:-2] + (shape[-1], 1)
    np.testing.assert_allclose(x.numpy(), expected, atol=1e-4 if dtype == tf.complex64 else 1e-10)
    with pytest.raises(ValueError, match='^Gradient not defined for fast=False$'):
        tape.gradient(x, a)


@pytest.mark.parametrize('dtype', [tf.complex64, tf.float64, tf.float32])
@pytest.mark.parametrize('unconnected', ['none', 'zero'])
def test_batch_jacobian_loop_of_no_rows_is_float32(dtype, unconnected):
    # TF 2.21's eager for_loop (experimental_use_pfor=False) of no iterations stacks zeros([0]): float32 (3, 0, 0)
    # whatever the dtypes (tapeflow gave the target's dtype); pfor keeps the dtype
    x = tf.zeros([3, 0], dtype)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.identity(x)
    loop = tape.batch_jacobian(y, x, unconnected_gradients=unconnected, experimental_use_pfor=False)
    vectorized = tape.batch_jacobian(y, x, unconnected_gradients=unconnected)
    assert (loop.dtype, loop.shape) == (tf.float32, (3, 0, 0))
    assert (vectorized.dtype, vectorized.shape) == (dtype, (3, 0, 0))


@pytest.mark.parametrize('reverse', [False, True])
@pytest.mark.parametrize('shape, axis', [((3, 0, 1), -2), ((0,), 0), ((2, 0), 1)])
def test_exclusive_cumulative_logsumexp_over_an_empty_axis(shape, axis, reverse):
    # TF 2.21: an empty result of the input's shape, and an empty gradient (tapeflow: IndexError
    # 'cannot do a non-empty take from an empty axes.')
    x = tf.zeros(shape, tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.cumulative_logsumexp(x, axis=axis, exclusive=True, reverse=reverse)
    assert y.shape == shape and tape.gradient(y, x).shape == shape
