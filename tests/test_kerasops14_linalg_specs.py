"""keras.ops linalg ops on KerasTensors answer Keras 3's compute_output_spec: the input's dtype whatever it is (the
inverse of an int32 keras.Input is an int32 KerasTensor, eig's outputs float32, not complex), Keras's own shape
checks ("Expected a square matrix. ..." where a side is None too) and its shapes (slogdet's sign is (), svd and
lu_factor refuse a None side with Python's min() TypeError). tapeflow's stand-in runs met the kernels' refusals of
ints, bools and float16 ("cannot be applied to KerasTensors ...") and filled None sides in.

Goldens: TF 2.21 / Keras 3.15's outputs of /work/notes/progs/kerasops14/l1.py (25 calls x 10 shapes, 5 dtypes,
solve / solve_triangular / lstsq pairs: 516 of 516 lines equal after the fix, 376 differed before) and of
kerasops13/s2.py (its linalg lines).
"""
import numpy as np
import pytest

from framework import keras

ops = keras.ops


def _spec(out):
    if isinstance(out, (list, tuple)):
        return [_spec(t) for t in out]
    return tuple(out.shape), out.dtype


def _input(shape, dtype):
    return keras.Input(batch_shape=shape, dtype=dtype)


CASES = [
    (ops.det, (None, 3, 3), 'int32', ((None,), 'int32')),
    (ops.det, (None, 3, 3), 'bool', ((None,), 'bool')),
    (ops.det, (None, None, None), 'float32', ((None,), 'float32')),
    (ops.det, (2, 3, 3, 3), 'float32', ((2, 3), 'float32')),
    (ops.inv, (None, 3, 3), 'int32', ((None, 3, 3), 'int32')),
    (ops.inv, (None, 3, 3), 'float16', ((None, 3, 3), 'float16')),
    (ops.cholesky, (None, 3, 3), 'bool', ((None, 3, 3), 'bool')),
    (ops.cholesky_inverse, (None, 3, 3), 'float32', ((None, 3, 3), 'float32')),
    (ops.cholesky_inverse, (None, None, None), 'float32', ((None, None, None), 'float32')),
    (ops.eig, (None, 3, 3), 'float32', [((None, 3), 'float32'), ((None, 3, 3), 'float32')]),
    (ops.eig, (None, 3, 3), 'int32', [((None, 3), 'int32'), ((None, 3, 3), 'int32')]),
    (ops.eigh, (None, 3, 3), 'bool', [((None, 3), 'bool'), ((None, 3, 3), 'bool')]),
    (ops.lu_factor, (None, 3, 3), 'int32', [((None, 3, 3), 'int32'), ((None, 3), 'int32')]),
    (ops.lu_factor, (None, 4, 2), 'float32', [((None, 4, 2), 'float32'), ((None, 2), 'float32')]),
    (ops.lu_factor, (3, 4), 'float16', [((3, 4), 'float16'), ((3,), 'float16')]),
    (ops.qr, (None, 3, 3), 'int32', [((None, 3, 3), 'int32'), ((None, 3, 3), 'int32')]),
    (lambda x: ops.qr(x, mode='complete'), (None, 4, 2), 'float32',
     [((None, 4, 4), 'float32'), ((None, 4, 2), 'float32')]),
    (ops.svd, (3, 4), 'float16', [((3, 3), 'float16'), ((3,), 'float16'), ((4, 4), 'float16')]),
    (lambda x: ops.svd(x, full_matrices=False), (None, 2, 3), 'float32',
     [((None, 2, 2), 'float32'), ((None, 2), 'float32'), ((None, 2, 3), 'float32')]),
    (lambda x: ops.svd(x, compute_uv=False), (None, 3, 3), 'bool', ((None, 3), 'bool')),
    (ops.slogdet, (None, 3, 3), 'int32', [((), 'int32'), ((None,), 'int32')]),
    (ops.slogdet, (4,), 'float32', [((), 'float32'), ((), 'float32')]),
    (ops.slogdet, (2, 3, 3, 3), 'float32', [((), 'float32'), ((2, 3), 'float32')]),
    (ops.logdet, (3, 4), 'bool', ((), 'bool')),
    (ops.logdet, (None, 2, 3), 'float32', ((None,), 'float32')),
    (ops.pinv, (None, None, 3), 'float32', ((None, 3, None), 'float32')),
    (ops.pinv, (3, 4), 'int32', ((4, 3), 'int32')),
    (ops.matrix_rank, (None, 3, 3), 'bool', ((None,), 'int32')),
    (ops.norm, (None, 3, 3), 'int32', ((), 'float32')),
    (ops.norm, (None, 3, 3), 'float16', ((), 'float16')),
    (ops.norm, (2, 3, 3, 3), 'float32', ((), 'float32')),
    (lambda x: ops.norm(x, keepdims=True), (None, 3, 3), 'float64', ((1, 1, 1), 'float64')),
    (lambda x: ops.norm(x, axis=(0, 1), ord='fro'), (None, 3, None), 'float32', ((None,), 'float32')),
    (lambda x: ops.norm(x, axis=1), (None, 3, None), 'bool', ((None, None), 'float32')),
]


@pytest.mark.parametrize('case', range(len(CASES)))
def test_spec(case):
    op, shape, dtype, expected = CASES[case]
    assert _spec(op(_input(shape, dtype))) == expected


ERRORS = [
    (ops.det, (3, 4), 'int32', ValueError, 'Expected a square matrix. Received non-square input with shape (3, 4)'),
    (ops.inv, (None, None, 3), 'float32', ValueError,
     'Expected a square matrix. Received non-square input with shape (None, None, 3)'),
    (ops.cholesky, (None, 2, 3), 'float32', ValueError,
     'Expected a square matrix. Received non-square input with shape (None, 2, 3)'),
    (ops.det, (4,), 'float32', ValueError, 'Expected input to have rank >= 2. Received input with shape (4,).'),
    (ops.eigh, (4,), 'float32', ValueError, 'not enough values to unpack (expected 2, got 1)'),
    (ops.lu_factor, (None, None, 3), 'float32', TypeError,
     "'<' not supported between instances of 'int' and 'NoneType'"),
    (ops.svd, (None, 3, None), 'float32', TypeError, "'<' not supported between instances of 'NoneType' and 'int'"),
    (ops.qr, (4,), 'float32', ValueError, 'Input should have rank >= 2. Received: input.shape = (4,)'),
    (ops.qr, (None, None, 3), 'float32', ValueError,
     'Input should have its last 2 dimensions fully-defined. Received: input.shape = (None, None, 3)'),
    (lambda x: ops.norm(x, axis=1, ord='nuc'), (4,), 'float32', ValueError,
     'Invalid `ord` argument for vector norm. Received: ord=nuc'),
    (lambda x: ops.norm(x, axis=(0, 1), ord=3), (None, 3, 3), 'float32', ValueError,
     'Invalid `ord` argument for matrix norm. Received: ord=3'),
    (lambda x: ops.norm(x, axis=(0, 1)), (4,), 'float32', ValueError,
     'axis 1 is out of bounds for an array with dimension 1.'),
]


@pytest.mark.parametrize('case', range(len(ERRORS)))
def test_spec_errors(case):
    op, shape, dtype, kind, text = ERRORS[case]
    with pytest.raises(kind) as caught:
        op(_input(shape, dtype))
    assert type(caught.value) is kind and str(caught.value) == text


SOLVES = [
    ((None, 3, 3), (None, 3, 2), 'int32', ((None, 3, 2), 'int32')),
    ((3, 3), (4,), 'float32', ((4,), 'float32')),       # Keras compares no lengths for a (3, 3) a and a vector b
    ((None, 3, 3), (None, 3), 'float32', ((None, 3), 'float32')),
]


@pytest.mark.parametrize('case', range(len(SOLVES)))
@pytest.mark.parametrize('name', ['solve', 'solve_triangular'])
def test_solve_specs(name, case):
    a, b, dtype, expected = SOLVES[case]
    assert _spec(getattr(ops, name)(_input(a, dtype), _input(b, dtype))) == expected


def test_solve_spec_is_bs_and_lstsq_as():
    a = _input((3, 3), 'float32')
    assert _spec(ops.solve(a, _input((3, 2), 'float64'))) == ((3, 2), 'float64')
    assert _spec(ops.solve_triangular(a, np.ones((3, 2)))) == ((3, 2), 'float64')
    assert _spec(ops.lstsq(a, _input((3, 2), 'float64'))) == ((3, 2), 'float32')
    assert _spec(ops.lstsq(_input((3, 4), 'int32'), _input((3, 2), 'int32'))) == ((4, 2), 'int32')
    with pytest.raises(ValueError) as caught:
        ops.solve(_input((None, 3, 3), 'float32'), _input((None, 4, 2), 'float32'))
    assert str(caught.value) == ('Incompatible shapes between `a` and `b`. Expected `a.shape[-2] == b.shape[-2]`. '
                                 'Received: a.shape=(None, 3, 3), b.shape=(None, 4, 2)')
    with pytest.raises(ValueError) as caught:
        ops.lstsq(_input((None, 3, 3), 'float32'), _input((None, 3), 'float32'))
    assert str(caught.value) == 'Expected a to have rank 2. Received: a.shape=(None, 3, 3)'
    with pytest.raises(ValueError) as caught:
        ops.lstsq(a, _input((4,), 'float32'))
    assert str(caught.value) == ('Expected b.shape[0] to be equal to a.shape[0]. Received: a.shape=(3, 3), '
                                 'b.shape=(4,)')


def test_a_functional_model_of_a_spec_still_runs():
    x = keras.Input((3, 3))
    model = keras.Model(x, ops.det(x))
    out = model(np.array([[[2., 0., 0.], [0., 3., 0.], [0., 0., 4.]]], 'float32'))
    assert out.shape == (1,) and float(out[0]) == 24.0
