"""A deferred checkpoint restore that refuses a value leaves the attribute unassigned, as TF 2.21 does.

TF restores a saved value into an attribute made after ``restore`` (delayed restoration) as the
attribute is tracked, before it is assigned: a variable of another shape raises the ValueError and
the attribute is not set (``hasattr`` False); that name's restore is then dropped, and the other
names keep waiting. tapeflow kept the refused variable on the attribute, and, for a refused value,
lost every restore still waiting on the same checkpoint (a Module assigned later was not restored).

Printed by TF 2.21 (/work/notes/progs/kerasio44/p15.py):
    ck = tf.train.Checkpoint(extra=tf.Variable(9.), m=tf.Module()); ck.m.v = tf.Variable(8.); p = ck.save(...)
    c3 = tf.train.Checkpoint(); s3 = c3.restore(p)
    c3.extra = tf.Variable([1., 2.])   # ValueError Received incompatible tensor with shape () when attempting
                                       # to restore variable with shape (2,) and name Variable:0.
    hasattr(c3, 'extra')               # False
    c3.extra = tf.Variable(0.); c3.extra.numpy()   # 0.0 (not restored again)
    mod = tf.Module(); c3.m = mod
    mod.v = tf.Variable([1., 2.])      # the same ValueError
    hasattr(mod, 'v')                  # False
    mod.v = tf.Variable(0.); mod.v.numpy()         # 0.0
"""
import numpy as np
import pytest

import framework as tf

REFUSED = (r'Received incompatible tensor with shape \(\) when attempting to restore variable with shape '
           r'\(2,\) and name Variable:0\.')


@pytest.fixture
def saved(tmp_path):
    checkpoint = tf.train.Checkpoint(extra=tf.Variable(9.0), m=tf.Module())
    checkpoint.m.v = tf.Variable(8.0)
    checkpoint.m.w = tf.Variable(7.0)
    return checkpoint.save(str(tmp_path / 'c'))


def test_refused_checkpoint_attribute_is_not_assigned(saved):
    target = tf.train.Checkpoint()
    status = target.restore(saved)
    with pytest.raises(ValueError, match=REFUSED):
        target.extra = tf.Variable([1.0, 2.0])
    assert not hasattr(target, 'extra')
    target.extra = tf.Variable(0.0)
    assert target.extra.numpy() == 0.0          # that name's restore is spent, as in TF
    status.expect_partial()


def test_other_names_keep_waiting_after_a_refusal(saved):
    target = tf.train.Checkpoint()
    status = target.restore(saved)
    with pytest.raises(ValueError, match=REFUSED):
        target.extra = tf.Variable([1.0, 2.0])
    module = tf.Module()
    target.m = module
    module.w = tf.Variable(0.0)
    assert module.w.numpy() == 7.0
    with pytest.raises(ValueError, match=REFUSED):
        module.v = tf.Variable([1.0, 2.0])
    assert not hasattr(module, 'v')
    module.v = tf.Variable(0.0)
    np.testing.assert_array_equal(module.v.numpy(), 0.0)
    status.expect_partial()


def test_refused_module_attribute_keeps_its_previous_value(saved):
    target = tf.train.Checkpoint()
    status = target.restore(saved)
    module = tf.Module()
    module.v = 'before'          # a plain attribute, not tracked: nothing restored into it
    target.m = module
    with pytest.raises(ValueError, match=REFUSED):
        module.v = tf.Variable([1.0, 2.0])
    assert module.v == 'before'
    status.expect_partial()
