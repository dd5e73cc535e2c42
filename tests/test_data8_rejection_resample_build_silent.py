"""Building a rejection_resample dataset prints nothing; iterating prints tf.Print's ten warnings.

TF 2.21 (printed by /opt/tfref/bin/python -u, stderr interleaved):
    ds = tf.data.Dataset.from_tensor_slices(np.array([0, 0, 0, 0, 0, 0, 1, 1, 0, 0] * 5, np.int64))
    rs = ds.rejection_resample(lambda x: tf.cast(x, tf.int32), target_dist=[0.5, 0.5],
                               initial_dist=[0.8, 0.2], seed=3)
    print(rs.element_spec)        # no 'Proportion ...' line before this
    list(rs)                      # then 10 x 'Proportion of examples rejected by sampler is high: [0.8][0.8 0.2][0 1]'
Without initial_dist, building (and reading element_spec) prints nothing either.
"""
import numpy as np

import framework as tf

_LINE = 'Proportion of examples rejected by sampler is high: [0.8][0.8 0.2][0 1]'


def _classes():
    return tf.data.Dataset.from_tensor_slices(np.array([0, 0, 0, 0, 0, 0, 1, 1, 0, 0] * 5, np.int64))


def test_building_and_spec_print_no_warning_iteration_prints_ten(capsys):
    rs = _classes().rejection_resample(lambda x: tf.cast(x, tf.int32), target_dist=[0.5, 0.5],
                                       initial_dist=[0.8, 0.2], seed=3)
    spec_text = str(rs.element_spec)
    repr(rs)
    assert _LINE not in capsys.readouterr().err
    assert spec_text == ('(TensorSpec(shape=(), dtype=tf.int32, name=None), '
                         'TensorSpec(shape=(), dtype=tf.int64, name=None))')
    list(rs)
    assert capsys.readouterr().err.splitlines().count(_LINE) == 10


def test_estimated_initial_dist_builds_silently(capsys):
    rs = _classes().rejection_resample(lambda x: tf.cast(x, tf.int32), target_dist=[0.5, 0.5], seed=3)
    rs.element_spec
    assert 'Proportion of examples rejected' not in capsys.readouterr().err
