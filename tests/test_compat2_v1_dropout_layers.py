"""TF 1's tf.nn.dropout(x, keep_prob) under tf.compat.v1 and tf.compat.v1.layers' refusal with Keras 3, against
TF 2.21 (/work/notes/progs/compat2/p07.py, p07.tf.out)."""
import pytest

import framework as tf

v1 = tf.compat.v1


def test_keep_prob_drops_at_one_minus_it():
    v1.set_random_seed(777)
    x = tf.ones([4, 5])
    k = 1.4285714626312256
    assert v1.nn.dropout(x, keep_prob=0.7).numpy().tolist() == [
        [k, 0.0, k, k, 0.0], [k, k, k, k, 0.0], [k, k, k, k, k], [k, k, 0.0, 0.0, k]]
    assert v1.nn.dropout(x, 0.5).numpy().tolist() == [
        [0.0, 2.0, 2.0, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0, 0.0], [2.0, 2.0, 0.0, 0.0, 0.0]]
    assert v1.nn.dropout(x, rate=0.2).numpy().tolist() == [
        [1.25, 1.25, 1.25, 1.25, 1.25], [1.25, 1.25, 1.25, 0.0, 1.25], [1.25, 1.25, 1.25, 1.25, 0.0],
        [1.25, 1.25, 1.25, 1.25, 1.25]]
    assert v1.nn.dropout(x, keep_prob=tf.constant(0.8)).numpy().tolist() == [
        [0.0, 0.0, 1.25, 1.25, 1.25], [1.25, 0.0, 0.0, 1.25, 1.25], [1.25, 1.25, 1.25, 1.25, 1.25],
        [1.25, 1.25, 0.0, 0.0, 0.0]]
    assert v1.nn.dropout(x, keep_prob=1.0).numpy().tolist() == [[1.0] * 5] * 4


@pytest.mark.parametrize('kwargs, text', [
    ({}, '`rate` must be provided. Received: rate=None'),
    ({'keep_prob': 0.5, 'rate': 0.5}, "Cannot specify both 'keep_prob' and 'rate'."),
    ({'keep_prob': 1.5}, '`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate=-0.5'),
])
def test_dropout_refusals_are_tfs(kwargs, text):
    with pytest.raises(ValueError) as raised:
        v1.nn.dropout(tf.ones([4, 5]), **kwargs)
    assert str(raised.value) == text


@pytest.mark.parametrize('name', ['dense', 'dropout', 'batch_normalization', 'Dense', 'conv2d'])
def test_tf1_layers_are_refused_as_with_keras_3(name):
    with pytest.raises(AttributeError) as raised:
        getattr(v1.layers, name)
    assert str(raised.value) == '`%s` is not available with Keras 3.' % name
