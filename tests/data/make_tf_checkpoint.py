"""Writes the TensorFlow-made checkpoint that tests/test_checkpoint.py reads (tf_checkpoint/).

Run by hand with the reference environment (never imported by tapeflow or its tests):

    TF_CPP_MIN_LOG_LEVEL=3 /opt/tfref/bin/python tests/data/make_tf_checkpoint.py

TensorFlow 2.21 was used. The values are the literals the tests hold.
"""
import os
import shutil

import numpy as np

os.environ.setdefault('TF_CPP_MIN_LOG_LEVEL', '3')
HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    import tensorflow as tf

    class Net(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(np.array([1.5, -2.0, 3.25], np.float32))
            self.b = tf.Variable(np.arange(4, dtype=np.float64).reshape(2, 2))
            self.n = tf.Variable(np.int64(7))
            self.h = tf.Variable(np.array([1, 2], np.int32))
            self.f16 = tf.Variable(np.array([0.5], np.float16))
            self.flag = tf.Variable(True)
            self.words = tf.Variable(np.array([b'ab', b'', b'xyz']))

    directory = os.path.join(HERE, 'tf_checkpoint')
    shutil.rmtree(directory, ignore_errors=True)
    print(tf.train.Checkpoint(net=Net()).save(os.path.join(directory, 'ckpt')))

    # Enough keys that the index table restarts its key prefix compression many times (every 16 keys):
    # many.values[i] holds float(i).
    many = tf.Module()
    many.values = [tf.Variable(float(i)) for i in range(120)]
    directory = os.path.join(HERE, 'tf_checkpoint_many')
    shutil.rmtree(directory, ignore_errors=True)
    print(tf.train.Checkpoint(many=many).save(os.path.join(directory, 'ckpt')))


if __name__ == '__main__':
    main()
