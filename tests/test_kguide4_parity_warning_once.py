"""A warning fit gives once per place shows once per process, as in TF 2.21 (Python's default filter).

The guide's GAN passes a shuffled tf.data.Dataset to fit twice: TF prints "`shuffle=True` was passed,
but will be ignored ..." once. tapeflow printed it again, because the first fit loaded the callbacks,
whose RemoteMonitor imported ``requests``, which calls ``warnings.simplefilter``: that resets
Python's record of the warnings already shown. ``requests`` now loads at RemoteMonitor's first post.
Run in a fresh interpreter: the warning filters and the record are per process.
"""
import os
import subprocess
import sys

PROGRAM = '''
import numpy as np
import framework as tf
from framework import keras
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
model.compile('sgd', 'mse')
ds = tf.data.Dataset.from_tensor_slices((np.ones((8, 3), 'float32'), np.ones((8, 1), 'float32'))).batch(4)
model.fit(ds, epochs=1, verbose=0)
model.fit(ds, epochs=1, verbose=0)
import sys
print('requests' in sys.modules)
'''


def test_the_shuffle_warning_shows_once_and_fit_leaves_requests_unloaded():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get('PYTHONPATH', ''))
    env.pop('PYTHONWARNINGS', None)
    done = subprocess.run([sys.executable, '-c', PROGRAM], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stderr.count('`shuffle=True` was passed, but will be ignored') == 1
    assert done.stdout.strip() == 'False'
