"""The lists and dicts a tf.train.Checkpoint tracks print TensorFlow's class names.

The checkpoint guide's list-and-dictionary cell, run under TF 2.21, printed
``type(save.listed).__name__, type(save.mapped).__name__`` as ``ListWrapper _DictWrapper``.
"""
import pickle

import framework as tf


def test_tracked_containers_carry_tensorflows_class_names():
    save = tf.train.Checkpoint()
    save.listed = [tf.Variable(1.)]
    save.mapped = {'one': save.listed[0]}
    assert (type(save.listed).__name__, type(save.mapped).__name__) == ('ListWrapper', '_DictWrapper')
    assert repr(save.mapped).startswith("DictWrapper({'one': <tf.Variable")       # TF 2.21's repr and str
    assert str(save.mapped).startswith("{'one': <tf.Variable")


def test_a_dict_wrapper_pickles_under_its_new_name():
    save = tf.train.Checkpoint()
    save.mapped = {'a': 1, 'b': [2, 3]}
    copy = pickle.loads(pickle.dumps(save.mapped))
    assert type(copy).__name__ == '_DictWrapper' and copy == {'a': 1, 'b': [2, 3]}
