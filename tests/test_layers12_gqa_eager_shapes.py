"""GroupQueryAttention checks shapes only in compute_output_shape (symbolic calls), as Keras 3: eagerly
TF 2.21 attends a value narrower than the query, and a key of another length fails in the einsum.
Printed by TF 2.21 (/work/notes/progs/layers12/gqa4.py, gqa3.py)."""
import numpy as np
import pytest

from framework import errors, keras

L = keras.layers
Q = (np.arange(48, dtype='float32').reshape(2, 4, 6) % 5) * 0.3
V = (np.arange(30, dtype='float32').reshape(2, 3, 5) % 7) * -0.2


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_value_narrower_than_the_query_runs_eagerly():
    keras.utils.set_random_seed(3)
    layer = L.GroupQueryAttention(2, 4, 2)
    out = layer(Q, V)
    assert [tuple(w.shape) for w in layer.weights] == [(6, 4, 2), (4, 2), (5, 2, 2), (2, 2), (5, 2, 2), (2, 2),
                                                      (4, 2, 6), (6,)]
    assert out.numpy()[0, 0].view('uint32').tolist() == [3205797534, 3218288973, 1071029258, 3200550189,
                                                         3191010710, 3188393683]


def test_symbolic_call_still_refuses_it():
    with pytest.raises(ValueError, match='The last dimension of `query_shape` and `value_shape` must be equal'):
        L.GroupQueryAttention(2, 4, 2)(keras.Input((4, 6)), keras.Input((3, 5)))


def test_key_of_another_length_fails_in_the_einsum():
    value = np.ones((2, 3, 6), 'float32')
    with pytest.raises(errors.InvalidArgumentError) as err:
        L.GroupQueryAttention(2, 4, 2)(Q, value, value[:, :2])
    assert 'Expected dimension 2 at axis 1 of the input shaped [2,3,4,2] but got dimension 3 [Op:Einsum]' \
        in str(err.value)
