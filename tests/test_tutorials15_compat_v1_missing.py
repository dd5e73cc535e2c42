"""A name tf.compat.v1 lacks is an AttributeError naming tf.compat.v1, as TF 2.21's is.

The mirrored-strategy migration guide (tensorflow/docs guide/migrate/mirrored_strategy) calls
`tf1.estimator.RunConfig`; TF 2.21 has no estimator and raises "module 'tensorflow.compat.v1' has no
attribute 'estimator'" (/work/notes/progs/tutorials15/p06_migrate_mirrored.py). tapeflow's
tf.compat.v1 delegates to the framework module and named that one ('module 'framework' ...').
"""
import pytest

import framework as tf


def test_missing_name_names_compat_v1():
    with pytest.raises(AttributeError) as info:
        tf.compat.v1.estimator
    assert str(info.value) == "module 'framework.compat.v1' has no attribute 'estimator'"
    assert not hasattr(tf.compat.v1, 'no_such_name')


def test_present_names_still_delegate():
    assert tf.compat.v1.constant is tf.constant
    assert tf.compat.v1.Variable is tf.Variable
