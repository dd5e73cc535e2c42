"""tf.random.Generator's errors in TensorFlow 2.21's words (guide/random_numbers; notes
progs/tutorials26/rng_errors.py printed them): a ThreeFry draw fails in the RngReadAndSkip kernel, and
from_key_counter asserts the counter's shape, then the key's, as TensorShape words them."""
import pytest

import framework as tf

THREEFRY = ("{{function_node __wrapped__RngReadAndSkip_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
            "Non-XLA devices don't support the ThreeFry algorithm. [Op:RngReadAndSkip] name: ")


@pytest.mark.parametrize('draw', [lambda g: g.normal([2]), lambda g: g.uniform([2]), lambda g: g.split(2),
                                  lambda g: g.make_seeds(2)], ids=['normal', 'uniform', 'split', 'make_seeds'])
def test_threefry_draws_fail_in_the_read_and_skip_kernel(draw):
    generator = tf.random.Generator.from_seed(1, alg='threefry')
    with pytest.raises(tf.errors.UnimplementedError) as caught:
        draw(generator)
    assert str(caught.value) == THREEFRY


@pytest.mark.parametrize('key, counter, text', [
    (1, [0, 0, 0], 'Shapes (3,) and [2] are incompatible'),
    ([1], [0, 0], 'Shapes (1,) and [] are incompatible'),
    (1, [[0, 0]], 'Shapes (1, 2) and [2] are incompatible'),
    ([[1]], [0], 'Shapes (1,) and [2] are incompatible'),
])
def test_key_counter_shapes_are_tensorshapes_assertions(key, counter, text):
    with pytest.raises(ValueError) as caught:
        tf.random.Generator.from_key_counter(key=key, counter=counter, alg='philox')
    assert str(caught.value) == text
    with pytest.raises(ValueError) as caught:
        tf.random.Generator.from_seed(1).reset_from_key_counter(key=key, counter=counter)
    assert str(caught.value) == text
