"""tf.Module's variables and submodules in TensorFlow's order: a module's own attributes first (sorted
by name, dicts by key), then each submodule's in turn; a Keras layer is a leaf. The orders below are
TensorFlow 2.21's (run under /opt/tfref, 2026-12-02)."""
import framework as tf
from framework import keras


class Dense(tf.Module):
    def __init__(self, n, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.ones([n, n]), name='w')
        self.b = tf.Variable(tf.zeros([n]), name='b')


class Holder(tf.Module):
    def __init__(self):
        super().__init__()
        with self.name_scope:
            self.v = tf.Variable(1.0, name='scoped')
        self.layers = [Dense(2), Dense(1)]
        self.cfg = {'z': tf.Variable(3.0, name='z'), 'a': tf.Variable(4.0, name='a', trainable=False)}


def test_own_variables_come_before_submodules_and_dicts_sort_by_key():
    holder = Holder()
    # TF: ['a:0', 'z:0', 'holder/scoped:0', 'b:0', 'w:0', 'b:0', 'w:0']
    assert [v.name for v in holder.variables] == ['a:0', 'z:0', 'holder/scoped:0', 'b:0', 'w:0', 'b:0', 'w:0']
    assert [v.name for v in holder.trainable_variables] == ['z:0', 'holder/scoped:0', 'b:0', 'w:0', 'b:0', 'w:0']
    assert [v.shape for v in holder.variables][3:] == [(2,), (2, 2), (1,), (1, 1)]
    assert [type(m).__name__ for m in holder.submodules] == ['Dense', 'Dense']


def test_nested_submodules_are_walked_after_the_parents_direct_ones():
    outer = tf.Module(name='outer')
    outer.b_child = tf.Module(name='b_child')
    outer.b_child.deep = tf.Module(name='deep')
    outer.a_child = tf.Module(name='a_child')
    assert [m.name for m in outer.submodules] == ['a_child', 'b_child', 'deep']


def test_a_keras_layer_in_a_module_is_not_walked():
    holder = tf.Module()
    holder.dense = keras.layers.Dense(2)
    holder.dense.build((None, 3))
    holder.v = tf.Variable(1.0, name='v')
    assert [v.name for v in holder.variables] == ['v:0']      # TF 2.21 + Keras 3: (v,), submodules ()
    assert holder.submodules == ()
