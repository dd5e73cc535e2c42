"""errors22: CategoryEncoding on negative ids and on ids of rank 3, as Keras 3.15 on TF 2.21 encodes them (printed
by /work/notes/progs/errors22/p_catenc.py, p_cat3.py, p_bincount.py). one_hot gives a negative id a row of zeros
(tapeflow refused it); multi_hot / count of rank <= 2 fail in the DenseBincount kernel's words (a batch names its
last negative id); from rank 3 on Keras one-hot encodes and folds axis 1, not the last; count_weights outside
'count' mode is refused first, in Keras's words."""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

_KERNEL = '{{function_node __wrapped__DenseBincount_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s ' \
          '[Op:DenseBincount] name: '


def _encode(mode, ids, **kwargs):
    layer = keras.layers.CategoryEncoding(num_tokens=3, output_mode=mode)
    return np.asarray(layer(np.array(ids), **kwargs)).tolist()


def test_one_hot_gives_negative_ids_a_row_of_zeros():
    assert _encode('one_hot', [0, -1]) == [[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
    assert _encode('one_hot', [[0, -1], [2, -3]]) == [[[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]],
                                                      [[0.0, 0.0, 1.0], [0.0, 0.0, 0.0]]]


@pytest.mark.parametrize('mode', ['multi_hot', 'count'])
@pytest.mark.parametrize('ids, words', [
    ([0, -5, -2], 'Input arr must be non-negative!'),
    (-1, 'Input arr must be non-negative!'),
    ([[0, -1], [2, -3]], "Input 'in' must be non-negative! Negative input value found: -3"),
    ([[-4, -3], [-2, -1]], "Input 'in' must be non-negative! Negative input value found: -1"),
    ([[0, -1], [-5, 0]], "Input 'in' must be non-negative! Negative input value found: -5"),
])
def test_bincount_modes_refuse_negative_ids(mode, ids, words):
    with pytest.raises(InvalidArgumentError) as caught:
        _encode(mode, ids)
    assert (_KERNEL % words) in str(caught.value)


@pytest.mark.parametrize('mode', ['multi_hot', 'count'])
def test_rank_3_ids_fold_axis_1(mode):
    assert _encode(mode, [[[0, 1], [2, 2]]]) == [[[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]]]
    assert _encode(mode, [[[0, -1]]]) == [[[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]]]
    assert _encode(mode, [[[0, 5]]]) == [[[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]]]
    layer = keras.layers.CategoryEncoding(num_tokens=3, output_mode=mode)
    assert layer.compute_output_shape((None, 2, 4)) == (None, 2, 3)     # Keras's declared shape, as it is


@pytest.mark.parametrize('mode', ['one_hot', 'multi_hot'])
def test_count_weights_outside_count_mode(mode):
    with pytest.raises(ValueError) as caught:
        _encode(mode, [[0, -1]], count_weights=np.array([[2.0, 3.0]]))
    assert "\x1b[1m`count_weights` is not used when `output_mode` is not `'count'`. Received `count_weights=[[2. " \
           "3.]]`.\x1b[0m" in str(caught.value)
