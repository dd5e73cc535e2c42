"""TF 1 names copied into a TF 2 program fail with TF 2.21's words, which name TensorFlow's modules:
"module 'tensorflow' has no attribute 'placeholder'" (tapeflow said 'framework'), and
"module 'tensorflow._api.v2.train' has no attribute 'GradientDescentOptimizer'" (tapeflow said
'framework.train'). Texts from TF 2.21 (progs/blogs32/p64.py)."""
import pytest

import framework as tf


@pytest.mark.parametrize('name', ['placeholder', 'Session', 'global_variables_initializer', 'contrib',
                                  'get_variable', 'random_normal', 'to_float', 'layers', 'truncated_normal'])
def test_top_level_missing_name(name):
    with pytest.raises(AttributeError) as info:
        getattr(tf, name)
    assert str(info.value) == "module 'tensorflow' has no attribute %r" % name


@pytest.mark.parametrize('name', ['GradientDescentOptimizer', 'AdamOptimizer'])
def test_train_missing_name(name):
    with pytest.raises(AttributeError) as info:
        getattr(tf.train, name)
    assert str(info.value) == "module 'tensorflow._api.v2.train' has no attribute %r" % name


def test_present_names_still_found():
    assert not hasattr(tf, 'placeholder')
    assert tf.train.Checkpoint is not None and tf.compat.v1.train.GradientDescentOptimizer is not None
