"""Writes the TensorFlow-made Keras 3 checkpoint that tests/test_tfckpt_restore.py reads
(tf_keras_checkpoint/): a Sequential (Dense without bias, BatchNormalization, Dense) compiled with Adam and
fitted one epoch, a subclassed model of two Dense layers stepped once with SGD(momentum), and a
tf.Module holding a list and a dict of variables, all in one tf.train.Checkpoint saved twice
by a CheckpointManager; and (tf_iterator_checkpoint/) a tf.data iterator's state beside a variable.

Run by hand with the reference environment (never imported by tapeflow or its tests):

    TF_CPP_MIN_LOG_LEVEL=3 /opt/tfref/bin/python tests/data/make_tf_keras_checkpoint.py

TensorFlow 2.21 (Keras 3) was used. The tests build the same program with tapeflow.
"""
import os
import shutil

import numpy as np

os.environ.setdefault('TF_CPP_MIN_LOG_LEVEL', '3')
HERE = os.path.dirname(os.path.abspath(__file__))


def build(tf, keras):
    class Net(keras.Model):
        def __init__(self):
            super().__init__()
            self.l1 = keras.layers.Dense(3, activation='relu')
            self.l2 = keras.layers.Dense(2)

        def call(self, x):
            return self.l2(self.l1(x))

    seq = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, use_bias=False), keras.layers.BatchNormalization(),
                            keras.layers.Dense(1)])
    seq.compile(optimizer=keras.optimizers.Adam(0.01), loss='mse')
    table = tf.Module()
    table.rows = [tf.Variable([1.0, 2.0]), tf.Variable(3, dtype=tf.int64)]
    table.named = {'b': tf.Variable([[0.5]]), 'a.x/y': tf.Variable(True)}
    return seq, Net(), keras.optimizers.SGD(0.1, momentum=0.9), table


def train(tf, seq, net, opt):
    x = np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3)
    y = np.array([[0.5], [-1.0], [2.0], [0.0]], np.float32)
    seq.fit(x, y, epochs=1, batch_size=4, verbose=0, shuffle=False)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(net(x) ** 2)
    opt.apply_gradients(zip(tape.gradient(loss, net.trainable_variables), net.trainable_variables))


def main():
    import tensorflow as tf
    from tensorflow import keras
    keras.utils.set_random_seed(7)
    seq, net, opt, table = build(tf, keras)
    train(tf, seq, net, opt)
    directory = os.path.join(HERE, 'tf_keras_checkpoint')
    shutil.rmtree(directory, ignore_errors=True)
    checkpoint = tf.train.Checkpoint(model=seq, optimizer=seq.optimizer, net=net, opt=opt, table=table)
    manager = tf.train.CheckpointManager(checkpoint, directory, max_to_keep=1)
    manager.save()
    print(manager.save())

    # A tf.data iterator's state (DT_VARIANT, TensorFlow's own encoding) beside a variable.
    iterator = iter(tf.data.Dataset.range(10))
    next(iterator), next(iterator)
    directory = os.path.join(HERE, 'tf_iterator_checkpoint')
    shutil.rmtree(directory, ignore_errors=True)
    print(tf.train.Checkpoint(iterator=iterator, v=tf.Variable([1.5, 2.5])).save(os.path.join(directory, 'ckpt')))


if __name__ == '__main__':
    main()
