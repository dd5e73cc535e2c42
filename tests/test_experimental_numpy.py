"""tf.experimental.numpy: NumPy's dtype rules and results (dtypes checked against TF 2.21's tnp)."""
import numpy as np
import pytest

import framework as tf

tnp = tf.experimental.numpy


@pytest.mark.parametrize('make, dtype', [
    # TF 2.21's tnp gives these dtypes (NumPy's defaults)
    (lambda: tnp.array([1.0, 2.0]), 'float64'),
    (lambda: tnp.array([1, 2]), 'int64'),
    (lambda: tnp.array([1, 2], dtype=tnp.int32), 'int32'),
    (lambda: tnp.arange(3), 'int64'),
    (lambda: tnp.arange(3.0), 'float64'),
    (lambda: tnp.zeros(2), 'float64'),
    (lambda: tnp.ones((2,), dtype=tnp.float32), 'float32'),
    (lambda: tnp.linspace(0, 1, 3), 'float64'),
    (lambda: tnp.full((2,), 7), 'int64'),
    (lambda: tnp.eye(2), 'float64'),
    (lambda: tnp.exp(tnp.array([1, 2])), 'float64'),
    (lambda: tnp.mean(tnp.array([1, 2])), 'float64'),
    (lambda: tnp.sum(tnp.array([1, 2])), 'int64'),
    (lambda: tnp.argmax(tnp.array([1, 3])), 'int64'),
    (lambda: tnp.add(tnp.array([1, 2]), tnp.array([1.5])), 'float64'),
    (lambda: tnp.divide(tnp.array([1, 2]), tnp.array([2, 2])), 'float64'),
    (lambda: tnp.random.rand(2), 'float64'),
    (lambda: tnp.random.randn(2, 2), 'float64'),
    (lambda: tnp.random.uniform(size=(2,)), 'float64'),
    (lambda: tnp.random.randint(0, 5, size=3), 'int64'),
])
def test_numpy_default_dtypes(make, dtype):
    assert make().dtype.name == dtype


@pytest.mark.parametrize('name, args, kwargs', [
    ('sqrt', ([1.0, 4.0, 9.0],), {}),
    ('log1p', ([0.5, 2.0],), {}),
    ('sum', (np.arange(6).reshape(2, 3),), {'axis': 1}),
    ('max', (np.arange(6).reshape(2, 3),), {'axis': 0}),
    ('min', (np.arange(6).reshape(2, 3),), {}),
    ('mean', (np.arange(6).reshape(2, 3),), {'axis': 0}),
    ('std', ([1.0, 2.0, 4.0],), {}),
    ('argmin', ([3, 1, 2],), {}),
    ('reshape', (np.arange(6), (3, 2)), {}),
    ('transpose', (np.arange(6).reshape(2, 3),), {}),
    ('expand_dims', ([1, 2],), {'axis': 1}),
    ('squeeze', (np.ones((1, 2, 1)),), {}),
    ('dot', ([1.0, 2.0], [3.0, 4.0]), {}),
    ('matmul', (np.arange(4.0).reshape(2, 2), np.eye(2)), {}),
    ('clip', (np.arange(5), 1, 3), {}),
    ('maximum', ([1, 5], [3.5, 2.0]), {}),
    ('cumsum', ([1, 2, 3],), {}),
    ('tril', (np.ones((3, 3)),), {}),
])
def test_matches_numpy(name, args, kwargs):
    expected = getattr(np, name)(*args, **kwargs)
    got = getattr(tnp, name)(*[np.asarray(a) if isinstance(a, list) else a for a in args], **kwargs)
    np.testing.assert_allclose(got.numpy(), expected, rtol=1e-12)
    assert got.dtype.name == np.asarray(expected).dtype.name


def test_sequences_where_and_stack():
    np.testing.assert_array_equal(tnp.concatenate([tnp.ones(2), tnp.arange(2)]).numpy(), [1.0, 1.0, 0.0, 1.0])
    np.testing.assert_array_equal(tnp.stack([tnp.array([1, 2]), tnp.array([3, 4])], axis=1).numpy(),
                                  [[1, 3], [2, 4]])
    np.testing.assert_array_equal(tnp.where(tnp.array([True, False]), 1, 2.5).numpy(), [1.0, 2.5])
    np.testing.assert_array_equal(tnp.where(tnp.array([0, 3, 0, 4]))[0].numpy(), [1, 3])
    assert tnp.allclose(tnp.array([1.0, 2.0]), [1.0, 2.0 + 1e-9]).numpy()
    assert not tnp.array_equal([1, 2], [1, 2, 3]).numpy()
    np.testing.assert_allclose(tnp.linspace(0.0, 1.0, 5, retstep=True)[1], 0.25)
    assert tnp.ndarray is tf.Tensor and tnp.pi == np.pi and tnp.newaxis is None


def test_gradients_flow_through_tnp():
    x = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        y = tnp.sum(tnp.square(x) * tnp.array(3.0, dtype=tnp.float32))
    assert tape.gradient(y, x).numpy() == 12.0          # d(3 x^2)/dx = 6 x


def test_random_seed_repeats():
    tnp.random.seed(3)
    first = tnp.random.rand(4).numpy()
    tnp.random.seed(3)
    np.testing.assert_array_equal(tnp.random.rand(4).numpy(), first)
    assert ((first >= 0) & (first < 1)).all()
    draws = tnp.random.randint(5, size=200).numpy()
    assert draws.min() >= 0 and draws.max() < 5


def test_prefer_float32(numpy_operators_restored):
    from framework import tensor_numpy_methods
    saved = list(tensor_numpy_methods.ENABLED)      # (operators promote while it is on: restore it)
    tnp.experimental_enable_numpy_behavior(prefer_float32=True)
    try:
        assert tnp.array([1.0]).dtype.name == 'float32' and tnp.zeros(1).dtype.name == 'float32'
        assert tnp.sqrt(tnp.array([4])).dtype.name == 'float32'
    finally:
        tnp.experimental_enable_numpy_behavior(prefer_float32=False)
        tensor_numpy_methods.ENABLED[:] = saved
    assert tnp.array([1.0]).dtype.name == 'float64'


def test_bad_input():
    with pytest.raises(ValueError, match='arange: step must not be 0'):
        tnp.arange(0, 5, 0)
    with pytest.raises(ValueError, match='randint: need low < high'):
        tnp.random.randint(3, 3)
    with pytest.raises(TypeError, match='cannot make an array|not a numeric array'):
        tnp.array([[1, 2], [3]])
    with pytest.raises(ValueError, match='pass both x and y'):
        tnp.where([True], 1)
    with pytest.raises(ValueError, match='dtype_conversion_mode'):
        tnp.experimental_enable_numpy_behavior(dtype_conversion_mode='bogus')


@pytest.mark.parametrize('make, expected', [
    # values and dtypes as TF 2.21's tnp gives them
    (lambda: tnp.fix(tnp.array([-1.5, 2.5])), np.array([-1.0, 2.0])),
    (lambda: tnp.divmod(tnp.array([7, -7]), 3)[0], np.array([2, -3])),
    (lambda: tnp.divmod(tnp.array([7, -7]), 3)[1], np.array([1, 2])),
    (lambda: tnp.float_power(tnp.array([2]), 3), np.array([8])),
    (lambda: tnp.polyval([1.0, 2.0, 3.0], 2.0), np.float64(11.0)),
    (lambda: tnp.compress([True, False, True], tnp.array([1, 2, 3])), np.array([1, 3])),
    (lambda: tnp.diag_indices(2)[1], np.array([0, 1], np.int32)),
    (lambda: tnp.ix_([0, 1], [2])[0], np.array([[0], [1]])),
    (lambda: tnp.atleast_3d([1, 2]), np.array([[[1], [2]]])),
    (lambda: tnp.atleast_2d(1.0), np.array([[1.0]])),
    (lambda: tnp.broadcast_arrays(tnp.ones(2), tnp.ones((3, 1)))[1], np.ones((3, 2))),
    (lambda: tnp.angle(tnp.array([-1.0, 2.0]), deg=True), np.array([180.0, 0.0])),
    (lambda: tnp.iscomplex(tnp.array([1.0 + 1j, 2.0])), np.array([True, False])),
    (lambda: tnp.bitwise_not(tnp.array([1, 2])), np.array([-2, -3])),
])
def test_composed_functions(make, expected):
    got = make()
    np.testing.assert_array_equal(got.numpy(), expected)
    assert got.dtype.name == expected.dtype.name


@pytest.mark.parametrize('name, kwargs', [
    ('sum', {'axis': 0, 'dtype': np.float32, 'keepdims': True}),
    ('mean', {'dtype': np.float32}),
    ('prod', {'axis': 1, 'dtype': np.float64}),
    ('var', {'ddof': 1}),                      # 17.5 / 5 = 3.5 for 0..5
    ('var', {'axis': 0, 'ddof': 1}),
    ('cumsum', {'axis': 1, 'dtype': np.float32}),
    ('argsort', {'axis': 0}),                  # int64, as NumPy and TF's tnp
    ('count_nonzero', {'axis': 0}),
])
def test_reductions_take_numpy_keywords(name, kwargs):
    a = np.arange(6.0).reshape(2, 3)
    got, expected = getattr(tnp, name)(a, **kwargs), getattr(np, name)(a, **kwargs)
    np.testing.assert_allclose(got.numpy(), expected)
    assert got.dtype.name == np.asarray(expected).dtype.name


@pytest.mark.parametrize('values', [np.array([1, 2], np.int32), np.array([True, False]), np.array([1, 2], np.uint8)])
def test_sums_of_small_integers_accumulate_wide(values):
    assert tnp.sum(values).dtype.name == np.sum(values).dtype.name          # int64 / uint64
    assert tnp.cumprod(values).dtype.name == np.cumprod(values).dtype.name
    assert tnp.reshape(values, newshape=(2, 1)).shape.as_list() == [2, 1]
    assert tnp.reshape(values, (2, 1), order='F').shape.as_list() == [2, 1]     # (TF 2.21's tnp takes 'F')
    with pytest.raises(ValueError, match='^Unsupported order argument A$'):
        tnp.reshape(values, (2, 1), order='A')
