"""Kernel texts and one acceptance, as TF 2.21 prints them (progs/errors36/misc2.py):

    tf.gather(tf.constant(1.), [0])
    # InvalidArgumentError: {{function_node __wrapped__GatherV2_device_/job:localhost/replica:0/task:0/device:CPU:0}}
    #   params must be at least 1 dimensional [Op:GatherV2]          (a tensor or int index: ... name: )
    tf.histogram_fixed_width(tf.ones([3]), [1.5, 0.25])
    # InvalidArgumentError: {{function_node __wrapped__HistogramFixedWidth_device_...}} value_range should satisfy
    #   value_range[0] < value_range[1], but got '[1.5, 0.25]' [Op:HistogramFixedWidth]
    tf.meshgrid(tf.ones([2, 2]), tf.ones([3]))    # two (3, 4) grids: inputs are flattened first

tapeflow raised its own sentences (now notes) and refused meshgrid inputs that are not vectors.
"""
import numpy as np
import pytest

import framework as tf

_CPU = '_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _first_line(error):
    return str(error).split('\n')[0]


@pytest.mark.parametrize('indices, tail', [([0], ''), (0, ' name: '), (tf.constant([0]), ' name: ')])
def test_gather_of_a_scalar(indices, tail):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.gather(tf.constant(1.), indices)
    assert _first_line(caught.value) == ('{{function_node __wrapped__GatherV2' + _CPU +
                                         'params must be at least 1 dimensional [Op:GatherV2]' + tail)


@pytest.mark.parametrize('value_range, nbins, words, tail', [
    ([1., 0.], 100, "value_range should satisfy value_range[0] < value_range[1], but got '[1, 0]'", ''),
    ([1.5, 0.25], 100, "value_range should satisfy value_range[0] < value_range[1], but got '[1.5, 0.25]'", ''),
    ([1e10, 1.], 100, "value_range should satisfy value_range[0] < value_range[1], but got '[1e+10, 1]'", ''),
    (tf.constant([1., 1.]), 100, "value_range should satisfy value_range[0] < value_range[1], but got '[1, 1]'",
     ' name: '),
    ([0., 1.], 0, "nbins should be a positive number, but got '0'", ''),
    ([0., 1.], -1, "nbins should be a positive number, but got '-1'", ''),
    ([1., 0.], 0, "value_range should satisfy value_range[0] < value_range[1], but got '[1, 0]'", ''),
])
def test_histogram_fixed_width_kernel_checks(value_range, nbins, words, tail):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.histogram_fixed_width(tf.ones([3]), value_range, nbins=nbins)
    assert _first_line(caught.value) == ('{{function_node __wrapped__HistogramFixedWidth' + _CPU + words +
                                         ' [Op:HistogramFixedWidth]' + tail)


def test_meshgrid_flattens_its_inputs():
    grids = tf.meshgrid(tf.reshape(tf.range(4.), [2, 2]), tf.range(3.))
    assert [tuple(g.shape) for g in grids] == [(3, 4), (3, 4)]
    np.testing.assert_array_equal(grids[0].numpy(), np.tile(np.arange(4.), (3, 1)))
    np.testing.assert_array_equal(grids[1].numpy(), np.tile(np.arange(3.)[:, None], (1, 4)))
    scalar = tf.meshgrid(tf.constant(1.), tf.ones([3]), indexing='ij')
    assert [tuple(g.shape) for g in scalar] == [(1, 3), (1, 3)]
    x = tf.constant([[1., 2.]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        total = tf.reduce_sum(tf.meshgrid(x, tf.ones([3]))[0])
    assert tape.gradient(total, x).numpy().tolist() == [[3., 3.]]
