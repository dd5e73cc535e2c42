"""tf.random.stateless_parameterized_truncated_normal: TensorFlow's values for each of its three
samplers (normal rejection, uniform proposals for narrow bounds, exponential proposals for a far
bound), float32 and float64.

Golden values printed by TensorFlow 2.21 (tensorflow-cpu, Linux) for the same calls
(/work/notes/progs/random_gen/ptn_tf.py).
"""
import pytest

import framework as tf

draw = tf.random.stateless_parameterized_truncated_normal


def values(t):
    return t.dtype.name, t.numpy().ravel().tolist()


def test_defaults_use_the_normal_rejection_sampler():
    assert values(draw([6], seed=[1, 2])) == ('float32', [
        0.544110119342804, 0.20738030970096588, 0.0735643208026886, 0.04643455147743225, -1.301589846611023,
        -0.9538565278053284])


def test_per_column_parameters_mix_the_samplers():
    drawn = draw([5, 3], seed=[3, 4], means=[0.0, 1.0, -2.0], stddevs=[1.0, 0.5, 2.0], minvals=[-1.0, 0.9, 1.0],
                 maxvals=[1.0, 1.1, 5.0])
    assert values(drawn) == ('float32', [
        -0.5134251117706299, 0.9914411306381226, 2.0411291122436523, -0.06415963172912598, 0.9081991910934448,
        3.5411376953125, -0.015893936157226562, 1.0313574075698853, 4.49322509765625, 0.9724643230438232,
        0.9379114508628845, 1.0323560237884521, 0.4111752510070801, 1.0444711446762085, 2.959528923034668])
    assert values(draw([7], seed=[9, 9], minvals=0.5, maxvals=0.6)) == ('float32', [
        0.5650460124015808, 0.5068684220314026, 0.5078282356262207, 0.5100664496421814, 0.5694161057472229,
        0.5625253319740295, 0.5726838707923889])


def test_one_sided_and_flipped_bounds_use_exponential_proposals():
    drawn = draw([4, 2], seed=[5, 6], means=0.0, stddevs=1.0, minvals=[3.0, -10.0], maxvals=[float('inf'), -2.5])
    assert values(drawn) == ('float32', [
        3.202683687210083, -2.949145793914795, 3.373779296875, -2.825324296951294, 3.1276612281799316,
        -2.605170726776123, 3.3636231422424316, -2.5227413177490234])


def test_float64_parameters_draw_doubles():
    drawn = draw([3, 2], seed=[7, 8], means=tf.constant([0.0, 1.0], tf.float64), stddevs=tf.constant(1.0, tf.float64),
                 minvals=tf.constant([-0.5, 4.0], tf.float64), maxvals=tf.constant([0.5, 9.0], tf.float64))
    assert values(drawn) == ('float64', [
        -0.16781869478016587, 4.38761483333928, -0.16394240165829843, 4.784688926933873, -0.21221743505711066,
        4.1235563147441905])


def test_bad_parameters_raise_invalid_argument():
    with pytest.raises(tf.errors.InvalidArgumentError, match='Invalid parameters'):
        draw([2], seed=[1, 2], minvals=1.0, maxvals=0.0)
    with pytest.raises(tf.errors.InvalidArgumentError, match='must end with broadcasted shape'):
        draw([2], seed=[1, 2], means=[0.0, 1.0, 2.0])
