"""Kernel and factory errors as TF 2.21 (texts printed by tensorflow-cpu 2.21 with the same calls):
- tf.image.adjust_saturation / adjust_hue of images whose last axis is not 3: the kernel's 'input must have 3
  channels but instead has 2 channels.' (after its rank check; float64 and uint8 images reach the float32
  kernel too). Before: tapeflow's ValueError.
- tf.ragged.constant with a ragged_rank the values cannot have: TF's factory sentences. Before: tapeflow's."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


@pytest.mark.parametrize('op, kernel, image, channels', [
    ('adjust_saturation', 'AdjustSaturation', np.zeros([2, 5, 6, 2], np.float32), 2),
    ('adjust_hue', 'AdjustHue', tf.zeros([2, 2, 1], tf.float64), 1),
    ('adjust_saturation', 'AdjustSaturation', tf.zeros([2, 2, 4], tf.uint8), 4),
])
def test_hsv_kernels_refuse_other_channel_counts(op, kernel, image, channels):
    with pytest.raises(InvalidArgumentError) as caught:
        getattr(tf.image, op)(image, 0.1)
    assert str(caught.value) == ('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                                 'input must have 3 channels but instead has %d channels. [Op:%s] name: '
                                 % (kernel, channels, kernel))


@pytest.mark.parametrize('ragged_rank, text', [
    (2, 'pylist has scalar values depth 2, but ragged_rank=2 requires scalar value depth greater than 2'),
    (3, 'Invalid pylist=[[1, 2], [3]], max depth smaller than ragged_rank=3'),
    (-1, 'Invalid ragged_rank=-1: must be nonnegative'),
])
def test_ragged_constant_ragged_rank_errors(ragged_rank, text):
    with pytest.raises(ValueError) as caught:
        tf.ragged.constant([[1, 2], [3]], ragged_rank=ragged_rank)
    assert str(caught.value) == text
