"""Keras loss objects, the cross-entropy functions and Mean metrics' calls print TF 2.21's graph tensor in a trace.

``print(loss)`` in a traced train step is how tutorials show tracing; Keras 3's Loss.__call__ opens a name
scope of the loss's name and reduces last, so TF prints 'mean_squared_error/div_no_nan:0' (the scope made
unique per graph: '_1' for a second call) or '.../Sum:0' for reduction='sum'. tapeflow printed the
value (probe notes/progs/blogs30/p114.py, q/qlossname.py; expected lines are TF 2.21's).
"""
import numpy as np

import framework as tf


def test_loss_objects_print_their_graph_names_in_a_trace(capsys):
    mse = tf.keras.losses.MeanSquaredError()
    sce = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    bce = tf.keras.losses.BinaryCrossentropy()
    hub = tf.keras.losses.Huber(name='my_huber')
    summed = tf.keras.losses.MeanAbsoluteError(reduction='sum')
    mean = tf.keras.losses.MeanAbsoluteError(reduction='mean')

    @tf.function
    def f(y, p, labels, logits):
        print(mse(y, p))
        print(mse(y, p))
        print(sce(labels, logits))
        print(bce(y, tf.sigmoid(p)))
        print(hub(y, p))
        print(summed(y, p))
        print(mean(y, p))
        print(mse(y, p, sample_weight=tf.ones([4])))
        with tf.name_scope('outer'):
            print(mse(y, p))
        print(tf.keras.losses.CategoricalCrossentropy()(tf.one_hot(labels, 3), tf.nn.softmax(logits)))
        print(tf.keras.losses.MeanSquaredError()(np.ones((4, 1), 'float32'), p))
        return 0

    f(tf.ones([4, 1]), tf.zeros([4, 1]), tf.constant([0, 1, 2, 1]), tf.zeros([4, 3]))
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("mean_squared_error/div_no_nan:0", shape=(), dtype=float32)',
        'Tensor("mean_squared_error_1/div_no_nan:0", shape=(), dtype=float32)',
        'Tensor("sparse_categorical_crossentropy/div_no_nan:0", shape=(), dtype=float32)',
        'Tensor("binary_crossentropy/div_no_nan:0", shape=(), dtype=float32)',
        'Tensor("my_huber/div_no_nan:0", shape=(), dtype=float32)',
        'Tensor("mean_absolute_error/Sum:0", shape=(), dtype=float32)',
        'Tensor("mean_absolute_error_1/div_no_nan:0", shape=(), dtype=float32)',
        'Tensor("mean_squared_error_2/div_no_nan:0", shape=(), dtype=float32)',
        'Tensor("outer/mean_squared_error/div_no_nan:0", shape=(), dtype=float32)',
        'Tensor("categorical_crossentropy/div_no_nan:0", shape=(), dtype=float32)',
        'Tensor("mean_squared_error_3/div_no_nan:0", shape=(), dtype=float32)']


def test_a_train_step_prints_its_loss_as_tf_does(capsys):
    tf.keras.utils.set_random_seed(1)
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    opt = tf.keras.optimizers.SGD(0.1)
    mse = tf.keras.losses.MeanSquaredError()

    @tf.function
    def train_step(x, y):
        with tf.GradientTape() as tape:
            loss = mse(y, model(x, training=True))
            print('loss:', loss)
        opt.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
        return loss

    x = np.ones((8, 3), 'float32')
    train_step(x, np.zeros((8, 1), 'float32'))
    train_step(x, np.zeros((8, 1), 'float32'))
    assert capsys.readouterr().out.splitlines() == [
        'loss: Tensor("mean_squared_error/div_no_nan:0", shape=(), dtype=float32)']


def test_crossentropy_functions_print_the_op_they_end_with(capsys):
    @tf.function
    def f(y, logits, one_hot, yb, lb):
        print(tf.keras.losses.sparse_categorical_crossentropy(y, logits, from_logits=True))
        print(tf.keras.losses.sparse_categorical_crossentropy(y, tf.nn.softmax(logits)))
        print(tf.keras.losses.categorical_crossentropy(one_hot, logits, from_logits=True))
        print(tf.keras.losses.categorical_crossentropy(one_hot, tf.nn.softmax(logits)))
        print(tf.keras.losses.binary_crossentropy(yb, lb, from_logits=True))
        print(tf.keras.losses.binary_crossentropy(yb, tf.sigmoid(lb)))
        return 0

    f(tf.constant([0, 1, 2, 0]), tf.zeros([4, 3]), tf.one_hot([0, 1, 2, 0], 3), tf.ones([4, 1]), tf.zeros([4, 1]))
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("SparseSoftmaxCrossEntropyWithLogits/SparseSoftmaxCrossEntropyWithLogits:0", shape=(4,), '
        'dtype=float32)',
        'Tensor("SparseSoftmaxCrossEntropyWithLogits_1/SparseSoftmaxCrossEntropyWithLogits:0", shape=(4,), '
        'dtype=float32)',
        'Tensor("softmax_cross_entropy_with_logits/Reshape_2:0", shape=(4,), dtype=float32)',
        'Tensor("softmax_cross_entropy_with_logits_1/Reshape_2:0", shape=(4,), dtype=float32)',
        'Tensor("Mean:0", shape=(4,), dtype=float32)',
        'Tensor("Mean_1:0", shape=(4,), dtype=float32)']


def test_a_mean_metrics_call_prints_its_result_op(capsys):
    # (blogs30 p116: train_acc(y, logits) and train_loss(loss) in a traced step)
    tf.keras.utils.set_random_seed(2)
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3)])
    acc = tf.keras.metrics.SparseCategoricalAccuracy()
    mean_loss = tf.keras.metrics.Mean()

    @tf.function
    def step(x, y):
        logits = model(x)
        loss = tf.reduce_mean(tf.keras.losses.sparse_categorical_crossentropy(y, logits, from_logits=True))
        print('acc call:', acc(y, logits))
        print('mean call:', mean_loss(loss))
        print('acc result:', acc.result())
        return loss

    step(np.ones((6, 4), 'float32'), np.array([0, 1, 2, 0, 1, 2]))
    assert capsys.readouterr().out.splitlines() == [
        'acc call: Tensor("div_no_nan:0", shape=(), dtype=float32)',
        'mean call: Tensor("div_no_nan_1:0", shape=(), dtype=float32)',
        'acc result: Tensor("div_no_nan_2:0", shape=(), dtype=float32)']


def test_global_norm_clipping_prints_tf_graph_names(capsys):
    # (blogs30 p117: print(norm) after tf.clip_by_global_norm(grads, 1.0) in a traced train step)
    @tf.function
    def f(a, b):
        clipped, norm = tf.clip_by_global_norm([a, b], 1.0)
        print(clipped[0], clipped[1], norm)
        print(tf.linalg.global_norm([a, b]))
        again, norm2 = tf.clip_by_global_norm([a, b], 1.0)
        print(again[0], norm2)
        print(tf.clip_by_norm(a, 1.0))
        return 0

    f(tf.ones([2, 3]), tf.ones([3]))
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("clip_by_global_norm/clip_by_global_norm/_0:0", shape=(2, 3), dtype=float32) '
        'Tensor("clip_by_global_norm/clip_by_global_norm/_1:0", shape=(3,), dtype=float32) '
        'Tensor("global_norm/global_norm:0", shape=(), dtype=float32)',
        'Tensor("global_norm_1/global_norm:0", shape=(), dtype=float32)',
        'Tensor("clip_by_global_norm_1/clip_by_global_norm_1/_0:0", shape=(2, 3), dtype=float32) '
        'Tensor("global_norm_2/global_norm:0", shape=(), dtype=float32)',
        'Tensor("clip_by_norm:0", shape=(2, 3), dtype=float32)']
