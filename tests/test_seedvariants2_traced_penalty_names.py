"""model.losses asked for inside a tf.function prints as TF 2.21's graph tensors (the seed tutorial's
step with print(model.losses)), and the names its regularizer ops take shift the user's later op names.

Golden lines printed by TF 2.21 / Keras 3 (notes/progs/seedvariants2/names7.py):
    model = keras.Sequential([keras.layers.Dense(3, kernel_regularizer=R), keras.layers.Dense(1, kernel_regularizer=R)])
    model.build((None, 4))
    @tf.function
    def f(x):
        print(tf.cast(x, tf.int32), tf.square(x), tf.abs(x), x + 1.0, tf.constant(2.0))
        print(model.losses)
        print(tf.cast(x, tf.int32), tf.square(x), tf.abs(x), x + 1.0, tf.constant(2.0), tf.reduce_sum(x), x * 3.0)
        with tf.name_scope('reg'):
            print(model.losses)
        return tf.add_n(model.losses)
    f(tf.ones((2, 4)))
"""
import pytest

import framework as tf
from framework import keras

_FIRST = ('Tensor("Cast:0", shape=(2, 4), dtype=int32) Tensor("Square:0", shape=(2, 4), dtype=float32) '
          'Tensor("Abs:0", shape=(2, 4), dtype=float32) Tensor("add:0", shape=(2, 4), dtype=float32) '
          'Tensor("Const:0", shape=(), dtype=float32)')

_TF_LINES = {
    'l2': ["[<tf.Tensor 'mul:0' shape=() dtype=float32>, <tf.Tensor 'mul_1:0' shape=() dtype=float32>]",
           'Tensor("Cast_3:0", shape=(2, 4), dtype=int32) Tensor("Square_3:0", shape=(2, 4), dtype=float32) '
           'Tensor("Abs_1:0", shape=(2, 4), dtype=float32) Tensor("add_1:0", shape=(2, 4), dtype=float32) '
           'Tensor("Const_3:0", shape=(), dtype=float32) Tensor("Sum_2:0", shape=(), dtype=float32) '
           'Tensor("mul_2:0", shape=(2, 4), dtype=float32)',
           "[<tf.Tensor 'reg/mul:0' shape=() dtype=float32>, <tf.Tensor 'reg/mul_1:0' shape=() dtype=float32>]"],
    'l1l2': ["[<tf.Tensor 'add_2:0' shape=() dtype=float32>, <tf.Tensor 'add_4:0' shape=() dtype=float32>]",
             'Tensor("Cast_5:0", shape=(2, 4), dtype=int32) Tensor("Square_3:0", shape=(2, 4), dtype=float32) '
             'Tensor("Abs_3:0", shape=(2, 4), dtype=float32) Tensor("add_5:0", shape=(2, 4), dtype=float32) '
             'Tensor("Const_7:0", shape=(), dtype=float32) Tensor("Sum_4:0", shape=(), dtype=float32) '
             'Tensor("mul_4:0", shape=(2, 4), dtype=float32)',
             "[<tf.Tensor 'reg/add_1:0' shape=() dtype=float32>, <tf.Tensor 'reg/add_3:0' shape=() dtype=float32>]"],
    'l2only': ["[<tf.Tensor 'add_1:0' shape=() dtype=float32>, <tf.Tensor 'add_2:0' shape=() dtype=float32>]",
               'Tensor("Cast_3:0", shape=(2, 4), dtype=int32) Tensor("Square_3:0", shape=(2, 4), dtype=float32) '
               'Tensor("Abs_1:0", shape=(2, 4), dtype=float32) Tensor("add_3:0", shape=(2, 4), dtype=float32) '
               'Tensor("Const_5:0", shape=(), dtype=float32) Tensor("Sum_2:0", shape=(), dtype=float32) '
               'Tensor("mul_2:0", shape=(2, 4), dtype=float32)',
               "[<tf.Tensor 'reg/add:0' shape=() dtype=float32>, <tf.Tensor 'reg/add_1:0' shape=() dtype=float32>]"],
    'none': ["[<tf.Tensor 'Const_1:0' shape=() dtype=float32>, <tf.Tensor 'Const_2:0' shape=() dtype=float32>]",
             'Tensor("Cast_1:0", shape=(2, 4), dtype=int32) Tensor("Square_1:0", shape=(2, 4), dtype=float32) '
             'Tensor("Abs_1:0", shape=(2, 4), dtype=float32) Tensor("add_1:0", shape=(2, 4), dtype=float32) '
             'Tensor("Const_3:0", shape=(), dtype=float32) Tensor("Sum:0", shape=(), dtype=float32) '
             'Tensor("mul:0", shape=(2, 4), dtype=float32)',
             "[<tf.Tensor 'reg/Const:0' shape=() dtype=float32>, <tf.Tensor 'reg/Const_1:0' shape=() dtype=float32>]"],
}


def _regularizer(kind):
    return {'l2': lambda: keras.regularizers.l2(0.05), 'l1l2': lambda: keras.regularizers.l1_l2(0.01, 0.02),
            'l2only': lambda: keras.regularizers.L1L2(l2=0.02), 'none': lambda: keras.regularizers.L1L2()}[kind]()


@pytest.mark.parametrize('kind', sorted(_TF_LINES))
def test_penalties_asked_for_in_a_tf_function_take_tf_graph_names(kind, capsys):
    keras.backend.clear_session()
    reg = _regularizer(kind)
    model = keras.Sequential([keras.layers.Dense(3, kernel_regularizer=reg), keras.layers.Dense(1, kernel_regularizer=reg)])
    model.build((None, 4))

    @tf.function
    def f(x):
        print(tf.cast(x, tf.int32), tf.square(x), tf.abs(x), x + 1.0, tf.constant(2.0))
        print(model.losses)
        print(tf.cast(x, tf.int32), tf.square(x), tf.abs(x), x + 1.0, tf.constant(2.0), tf.reduce_sum(x), x * 3.0)
        with tf.name_scope('reg'):
            print(model.losses)
        return tf.add_n(model.losses)

    total = f(tf.ones((2, 4)))
    lines = capsys.readouterr().out.splitlines()
    assert lines == [_FIRST] + _TF_LINES[kind]
    # eagerly the penalties still print their values, and the traced sum is theirs
    expected = sum(float(p) for p in model.losses)
    assert float(total) == pytest.approx(expected, rel=1e-6)
    assert 'numpy=' in repr(model.losses[0])


def test_seed_step_prints_its_losses_as_graph_tensors_and_keras_steps_are_unchanged(capsys):
    keras.backend.clear_session()
    keras.utils.set_random_seed(42)
    l2_reg = keras.regularizers.l2(0.05)
    model = keras.models.Sequential([
        keras.layers.Dense(30, activation='elu', kernel_initializer='he_normal', kernel_regularizer=l2_reg),
        keras.layers.Dense(1, kernel_regularizer=l2_reg)])
    x = tf.ones((4, 10))

    @tf.function
    def step(x):
        y = model(x, training=True)
        main_loss = tf.reduce_mean(keras.losses.mse(tf.zeros((4, 1)), y))
        print('losses', model.losses)
        print('loss', tf.add_n([main_loss] + model.losses))
    step(x)
    # TF 2.21 (notes/progs/seedvariants2/fn5.py's step): traced twice, as the first trace creates the variables
    assert capsys.readouterr().out.splitlines() == 2 * [
        "losses [<tf.Tensor 'mul:0' shape=() dtype=float32>, <tf.Tensor 'mul_1:0' shape=() dtype=float32>]",
        'loss Tensor("AddN:0", shape=(), dtype=float32)']
    model.compile('nadam', 'mse')
    history = model.fit(x, tf.zeros((4, 1)), epochs=1, verbose=0)
    assert len(history.history['loss']) == 1
