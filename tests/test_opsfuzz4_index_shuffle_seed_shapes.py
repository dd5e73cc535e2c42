"""tf.random.experimental.index_shuffle pads its seed's first axis as TF 2.21's wrapper does and leaves
other seed shapes to RandomIndexShuffle, whose InvalidArgumentError they raise (printed by TF 2.21,
e.g. for seed [1, 2, 3]: 'Seed must be a vector of size [3] or a matrix of size [1, 3] but got [4].')."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


@pytest.mark.parametrize('seed, got', [([1, 2, 3], '[4]'), ([1], '[2]'), ([1, 2, 3, 4], '[5]'), ([[1, 2]], '[2,2]')])
def test_other_seed_shapes_are_the_kernels_error(seed, got):
    with pytest.raises(InvalidArgumentError) as info:
        tf.random.experimental.index_shuffle(3, seed, 9)
    assert str(info.value) == ('{{function_node __wrapped__RandomIndexShuffle_device_/job:localhost/replica:0/task:0/'
                               'device:CPU:0}} Seed must be a vector of size [3] or a matrix of size [1, 3] but got %s.'
                               ' [Op:RandomIndexShuffle] name: ' % got)


def test_seed_of_two_and_padded_matrix_seed():
    # TF 2.21: index_shuffle(3, [1, 2], 9) as before; [[1, 2, 3]] pads to a [2, 3] matrix: tf.Tensor([3 4] ...)
    assert tf.random.experimental.index_shuffle(tf.range(10), [5, 9], 9).numpy().tolist() == \
        [tf.random.experimental.index_shuffle(i, [5, 9], 9).numpy().item() for i in range(10)]
    assert tf.random.experimental.index_shuffle(3, [[1, 2, 3]], 9).numpy().tolist() == [3, 4]


def test_list_arguments_take_the_slow_path_without_name_tail():
    # TF 2.21: tf.random_index_shuffle([1, 2], [1, 2], 9) -> '... but got [2]. [Op:RandomIndexShuffle]' (no ' name: ')
    with pytest.raises(InvalidArgumentError) as info:
        tf.random_index_shuffle([1, 2], [1, 2], 9)
    assert str(info.value).endswith('a matrix of size [2, 3] but got [2]. [Op:RandomIndexShuffle]')
    with pytest.raises(InvalidArgumentError) as info:
        tf.random.experimental.index_shuffle([1, 2], [1, 2, 3], 9)
    assert str(info.value).endswith('a matrix of size [2, 3] but got [4]. [Op:RandomIndexShuffle]')
