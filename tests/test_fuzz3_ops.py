"""tf ops given arguments TensorFlow refuses (or computes differently from numpy): same class as
TensorFlow 2.21, words that name the op, and TensorFlow's numbers where it accepts the input.
Values were printed by TensorFlow 2.21 (tensorflow-cpu) for the same calls."""
import numpy as np
import pytest

import framework as tf

V3 = tf.constant([1.0, 2.0, 3.0])


@pytest.mark.parametrize('sizes, words', [
    ([-1, -1], r'split: sizes \[-1, -1\] hold more than one -1'),
    ([-1, -1, 3], 'only one size can be inferred'),
    ([-2, 5], r'split: size at index 0 must be >= 0 \(or -1 to infer it\), got -2'),
    ([-1, 4], r'split: the sizes other than -1 in \[-1, 4\] add up to 4, more than axis 0 of size 3'),
    ([4, -1, 0], 'add up to 4, more than axis 0 of size 3'),
    ([1, 1], r'split: sizes \[1, 1\] do not add up to 3'),
])
def test_split_sizes_splitv_refuses_are_refused_not_sliced(sizes, words):
    # numpy slicing took [-1, 4] as [1, 2] | [3] and [-2, 5] as [1] | [2, 3]
    with pytest.raises(tf.errors.InvalidArgumentError, match=words):
        tf.split(V3, sizes)


def test_split_still_infers_one_size():
    assert [p.numpy().tolist() for p in tf.split(V3, [-1, 3])] == [[], [1.0, 2.0, 3.0]]
    assert [p.numpy().tolist() for p in tf.split(V3, [2, -1])] == [[1.0, 2.0], [3.0]]


@pytest.mark.parametrize('args, words', [
    ((5, 0, 1), 'Requires start <= limit when delta > 0: 5/0'),
    ((-1,), 'Requires start <= limit when delta > 0: 0/-1'),
    ((0.5, 0.25, 0.1), 'Requires start <= limit when delta > 0: 0.5/0.25'),
    ((0.0, 5.0, -1.0), 'Requires start >= limit when delta < 0: 0/5'),
])
def test_range_walking_away_from_its_limit_is_range_kernels_error(args, words):
    with pytest.raises(tf.errors.InvalidArgumentError, match=words) as caught:
        tf.range(*args)
    assert 'range: start' in ''.join(caught.value.__notes__)


@pytest.mark.parametrize('args', [(0.0, 3), (0, 3.5), (0, 3, 0.5)])
def test_range_refuses_python_floats_for_an_integer_dtype(args):
    with pytest.raises(TypeError, match='Cannot convert .* to EagerTensor of dtype int32'):
        tf.range(*args, dtype=tf.int32)


def test_range_casts_float_tensors_and_numpy_floats_for_an_integer_dtype():
    assert tf.range(tf.constant(0.5), 3, dtype=tf.int32).numpy().tolist() == [0, 1, 2]
    assert tf.range(np.float64(0.5), 3, dtype=tf.int32).numpy().tolist() == [0, 1, 2]
    assert tf.range(3, 0, -1).numpy().tolist() == [3, 2, 1]
    assert tf.range(0).shape == (0,)


@pytest.mark.parametrize('args, expected', [
    ((0.0, 1.0, 0.1), [0.0, 0.10000000149011612, 0.20000000298023224, 0.30000001192092896, 0.4000000059604645,
                       0.5, 0.6000000238418579, 0.699999988079071, 0.800000011920929, 0.9000000357627869]),
    ((1.0, 0.0, -0.3), [1.0, 0.699999988079071, 0.3999999761581421, 0.09999996423721313]),
    ((-3.3, 7.1, 0.7), [-3.299999952316284, -2.5999999046325684, -1.899999976158142, -1.2000000476837158, -0.5,
                        0.20000004768371582, 0.8999998569488525, 1.6000001430511475, 2.299999952316284,
                        2.999999761581421, 3.700000047683716, 4.399999618530273, 5.09999942779541,
                        5.799999237060547, 6.5]),
])
def test_float_range_is_start_plus_i_times_delta_in_float32(args, expected):
    # Range's kernel: element i = start + i * delta in the result's dtype (numpy's arange steps
    # in float64 and rounds once, so its range(0., 1., .1)[9] is 0.9 -> 0.89999998)
    out = tf.range(*args)
    assert out.dtype == tf.float32
    assert out.numpy().tolist() == expected


def test_float64_range_keeps_float64_steps():
    assert tf.range(0, 2, 0.1, dtype=tf.float64).numpy().tolist()[-3:] == [1.7000000000000002, 1.8,
                                                                             1.9000000000000001]


@pytest.mark.parametrize('clip_norm', [-1.0, -2, tf.constant(-2.0)])
def test_a_negative_clip_norm_clips_to_zeros_as_tensorflow(clip_norm):
    assert tf.clip_by_norm(tf.constant([3.0, 4.0]), clip_norm).numpy().tolist() == [0.0, 0.0]


def test_a_positive_clip_norm_is_unchanged():
    assert tf.clip_by_norm(tf.constant([3.0, 4.0]), 1.0).numpy().tolist() == [0.6000000238418579,
                                                                              0.800000011920929]


def test_tape_reset_outside_its_with_block_is_tensorflows_value_error():
    x = tf.Variable(2.0)
    tape = tf.GradientTape()
    with pytest.raises(ValueError, match='Tape is not recording.'):
        tape.reset()
    with tape:
        with tape.stop_recording():
            with pytest.raises(ValueError, match='Tape is not recording.'):
                tape.reset()
        y = x * x
        tape.reset()            # inside the block: forgets y, keeps recording
        z = x * 3.0
    assert tape.gradient(z, x).numpy() == 3.0
    with pytest.raises(ValueError, match='Tape is not recording.'):
        tape.reset()
    del y
