"""tf.sparse.SparseTensor refuses indices / values that do not fit with TF 2.21's ValueError texts
(guide/sparse_tensor), in its order: ranks first, then indices' rows against the values and its
columns against dense_shape; tapeflow's words in a note. Texts printed by TF 2.21
(/work/notes/progs/tfguides/sparse3.py)."""
import pytest

import framework as tf


@pytest.mark.parametrize('indices, values, dense_shape, text', [
    ([[0, 3]], [1, 2], [3, 10], 'Dimensions 1 and 2 are not compatible'),
    ([0, 3], [1], [3, 10], 'Shape (2,) must have rank 2'),
    ([[0, 3, 1]], [1], [3, 10], 'Dimensions 3 and 2 are not compatible'),
    ([[0, 3]], [[1]], [3, 10], 'Shape (1, 1) must have rank 1'),
    ([[0, 3]], 5, [3, 10], 'Shape () must have rank 1'),
    ([[[0, 3]]], [1, 2], [3, 10], 'Shape (1, 1, 2) must have rank 2'),
    ([[0, 3]], [1], [3], 'Dimensions 2 and 1 are not compatible'),
])
def test_misfit_parts_raise_tf_text(indices, values, dense_shape, text):
    with pytest.raises(ValueError) as caught:
        tf.sparse.SparseTensor(indices=indices, values=values, dense_shape=dense_shape)
    assert str(caught.value) == text
    assert 'need indices of shape' in ''.join(caught.value.__notes__)


def test_fitting_parts_still_build():
    st = tf.sparse.SparseTensor(indices=[[0, 3], [1, 1]], values=[1., 2.], dense_shape=[3, 10])
    assert st.shape == (3, 10)
    assert tf.sparse.to_dense(st).numpy()[1, 1] == 2.
