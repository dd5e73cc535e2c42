"""tf.Variable names as TensorFlow 2.21 prints them: ':0' is always added, also to a name that has a
'/' ('scope/x:0') or already ends in ':0' ('x:0:0'); a name ending in '/' or an empty one ignores the
enclosing tf.name_scope. Expected names: TensorFlow 2.21 (/opt/tfref) making the same variables."""
import pytest

import framework as tf


@pytest.mark.parametrize('name, expected', [
    ('scope/x', 'scope/x:0'), ('a/b/c', 'a/b/c:0'), ('x:0', 'x:0:0'), ('outer/', 'outer:0'),
    ('a//b', 'a//b:0'), ('', ':0'), ('a b', 'a b:0'), (None, 'Variable:0')])
def test_names_outside_a_scope(name, expected):
    assert tf.Variable(1.0, name=name).name == expected


@pytest.mark.parametrize('name, expected', [
    ('in/side', 'ns/in/side:0'), ('abs/', 'abs:0'), ('x:0', 'ns/x:0:0'), ('', ':0'), (None, 'ns/Variable:0')])
def test_names_inside_a_name_scope(name, expected):
    with tf.name_scope('ns'):
        assert tf.Variable(1.0, name=name).name == expected


def test_repr_shows_the_full_name():
    # TF 2.21: <tf.Variable 'scope/x:0' shape=() dtype=float32, numpy=3.0>
    assert repr(tf.Variable(3.0, name='scope/x')).endswith("Variable 'scope/x:0' shape=() dtype=float32, numpy=3.0>")
