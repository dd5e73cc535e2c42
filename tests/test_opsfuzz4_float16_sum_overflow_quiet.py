"""A float16 sum that overflows is inf, quietly, as in TF 2.21: tapeflow's in-order tail sum (np.cumsum)
printed numpy's "RuntimeWarning: overflow encountered in accumulate" on stderr, attributed to numpy's
module, past the package's filter for its own RuntimeWarnings."""
import os
import subprocess
import sys

import framework as tf

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_overflowing_float16_sum_is_inf():
    # TF 2.21: tf.Tensor(inf, shape=(), dtype=float16) for both
    assert str(tf.reduce_sum(tf.constant([60000., 60000.], tf.float16))) == 'tf.Tensor(inf, shape=(), dtype=float16)'
    assert str(tf.reduce_mean(tf.constant([60000., 60000., 3.], tf.float16))) == \
        'tf.Tensor(inf, shape=(), dtype=float16)'


def test_overflowing_float16_sum_writes_nothing_to_stderr():
    program = ('import framework as tf\n'
               'print(tf.reduce_sum(tf.constant([60000., 60000.], tf.float16)))\n'
               'print(tf.reduce_sum(tf.constant([[60000., 60000., 1.]], tf.float16), axis=1))\n')
    done = subprocess.run([sys.executable, '-c', program], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == 'tf.Tensor(inf, shape=(), dtype=float16)'
    assert done.stderr == ''
