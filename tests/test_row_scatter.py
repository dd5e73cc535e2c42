"""row_scatter.add_rows spells np.add.at on the flat buffer: the same values added in the same
order (a repeated index's rows one after another), so the result must match np.add.at bit for bit."""
import numpy as np
import pytest

from framework.row_scatter import add_rows


def _both(out, indices, rows):
    expected, got = out.copy(), out.copy()
    np.add.at(expected, indices, rows)
    add_rows(got, indices, rows)
    assert got.dtype == expected.dtype
    assert np.array_equal(got.view(np.uint8), expected.view(np.uint8))


@pytest.mark.parametrize('dtype', [np.float32, np.float64, np.float16, np.int32])
@pytest.mark.parametrize('row_shape', [(16,), (3, 4), (1,)])
def test_repeated_and_negative_indices_add_as_np_add_at(dtype, row_shape):
    rng = np.random.default_rng(0)
    indices = rng.integers(-7, 7, 300)                 # each row many times, some counted from the end
    rows = (rng.normal(size=(300,) + row_shape) * 1e3).astype(dtype)
    _both(np.zeros((7,) + row_shape, dtype), indices, rows)
    _both(rng.normal(size=(7,) + row_shape).astype(dtype), indices.reshape(30, 10),
          rows.reshape((30, 10) + row_shape))         # indices of any shape


def test_signed_zeros_and_unsigned_indices():
    rows = np.array([[-0.0, 1.0], [-0.0, -1.0]], np.float32)
    _both(np.zeros((3, 2), np.float32), np.array([2, 2], np.uint8), rows)
    _both(np.full((3, 2), -0.0, np.float32), np.array([0, 1], np.int64), rows)


def test_numpys_own_forms_and_errors():
    out = np.zeros((4, 3), np.float32)
    _both(out, np.array([1, 1, 3]), np.float32(2.5))                # a broadcast value
    _both(out, np.array([True, False, True, False]), np.ones((2, 3), np.float32))     # a mask
    _both(np.zeros(5, np.float32), np.array([1, 1, 4]), np.ones(3, np.float32))      # a vector
    _both(np.asfortranarray(np.zeros((4, 3), np.float32)), np.array([0, 0]), np.ones((2, 3), np.float32))
    for bad in (4, -5):
        with pytest.raises(IndexError):
            add_rows(np.zeros((4, 3), np.float32), np.array([0, bad]), np.ones((2, 3), np.float32))


def test_element_indices_handed_back_give_np_add_at_bits():
    """add_rows returns the flat element indices it used; RowGradients.dense passes them back for the
    next sum of the same rows (an optimizer's gradient and its square): the same bits as np.add.at."""
    from framework.indexed_slices import RowGradients
    rng = np.random.default_rng(3)
    indices = rng.integers(-9, 9, 400)
    rows = (rng.normal(size=(400, 5, 2)) * 1e3).astype(np.float32)
    out = np.zeros((9, 5, 2), np.float32)
    elements = add_rows(out, indices, rows)
    assert elements is not None and add_rows(np.zeros((9, 5, 2), np.float32), indices, rows, elements) is elements
    gradient = RowGradients(rows, indices, (9, 5, 2))
    for values in (rows, rows * rows, -rows, rows[:, :, :1]):      # the last: numpy's own (broadcast) form
        expected = np.zeros((9, 5, 2), np.float32)
        np.add.at(expected, indices, values)
        got = gradient.dense(values)
        assert np.array_equal(got.view(np.uint8), expected.view(np.uint8))
    assert gradient._elements is not None
    assert add_rows(np.zeros(9, np.float32), np.array([1, 1]), np.ones(2, np.float32)) is None     # a vector
