"""tf.executing_eagerly() and tf.inside_function() inside a tf.function answer as TensorFlow 2.21
(progs/tfcore5/c09_graphs.py under /opt/tfref): False / True in its trace and later calls, True /
True under tf.init_scope, and eager again with tf.config.run_functions_eagerly(True)."""
import framework as tf


def test_a_function_sees_graph_mode_and_takes_tensorflows_branch(capsys):
    @tf.function
    def branches(x):
        if tf.executing_eagerly():
            print('eager branch')
            return x
        with tf.init_scope():
            print('init scope eager:', tf.executing_eagerly(), tf.inside_function())
        print('graph branch', tf.inside_function())
        return x * 2
    assert int(branches(tf.constant(1))) == 2 and int(branches(tf.constant(2))) == 4
    assert capsys.readouterr().out.splitlines() == ['init scope eager: True True', 'graph branch True']
    tf.config.run_functions_eagerly(True)
    try:
        assert int(branches(tf.constant(3))) == 3
    finally:
        tf.config.run_functions_eagerly(False)
    assert capsys.readouterr().out.splitlines() == ['eager branch']


def test_outside_functions_it_is_eager():
    assert tf.executing_eagerly() is True and tf.inside_function() is False
    assert tf.compat.v1.executing_eagerly() is True

    @tf.function
    def answers():
        return tf.executing_eagerly(), tf.inside_function()
    assert answers() == (False, True)


def test_a_layer_sees_graph_mode_in_keras_symbolic_call(capsys):
    from framework import keras

    class Probe(keras.layers.Layer):
        def call(self, x):
            print('eager?', tf.executing_eagerly(), tf.inside_function())
            return x
    model = keras.Sequential([keras.Input((2,)), Probe(), keras.layers.Dense(1)])
    model(tf.ones([1, 2]))
    # TF 2.21: the symbolic call runs in a scratch graph, the direct call eagerly
    assert capsys.readouterr().out.splitlines() == ['eager? False True', 'eager? True False']
