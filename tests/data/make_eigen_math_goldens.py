"""Golden values for tests/test_eigen_math.py from TensorFlow 2.21 (CPU wheel): run with the reference
venv, /opt/tfref/bin/python tests/data/make_eigen_math_goldens.py. Never imported by the tests."""
import os
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'
import numpy as np, tensorflow as tf
rng = np.random.default_rng(8)
edges = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 5e-39, -5e-39, 1.1754944e-38, 88.72, 88.723, 88.7228,
                  88.73, -87, 87, -87.5, -103.9, -104, -104.1, -150, 16.6355324, 16.64, 7.90738964, 7.91, -7.91,
                  13.942385, -13.942385, 1, -1, 0.5, 3.4e38, -3.4e38, 1e-7, -1e-7, 0.7071067, 1.4142135], np.float32)
edges = np.concatenate([edges, np.nextafter(edges, np.float32(np.inf)), np.nextafter(edges, np.float32(-np.inf))])
x = np.concatenate([edges,
                    (rng.standard_normal(150) * 4).astype(np.float32),
                    rng.uniform(0.001, 1, 60).astype(np.float32),
                    rng.uniform(-110, 95, 60).astype(np.float32),
                    rng.integers(0, 2**32, 22, dtype=np.uint64).astype(np.uint32).view(np.float32)])
assert x.size % 8 != 0          # the last size % 8 values take TensorFlow's scalar path
out = {'x': x.view(np.uint32)}
for k, f in {'exp': tf.exp, 'log': tf.math.log, 'log1p': tf.math.log1p, 'expm1': tf.math.expm1, 'tanh': tf.tanh,
             'sigmoid': tf.sigmoid, 'softplus': tf.nn.softplus, 'elu': tf.nn.elu, 'selu': tf.nn.selu,
             'erf': tf.math.erf}.items():
    out[k] = f(x).numpy().view(np.uint32)
logits = (rng.standard_normal((13, 17)) * 3).astype(np.float32)
labels = rng.integers(0, 17, 13)
out['logits'] = logits.view(np.uint32)
out['labels'] = labels
out['log_softmax'] = tf.nn.log_softmax(logits).numpy().view(np.uint32)
out['reduce_logsumexp'] = tf.reduce_logsumexp(logits, axis=1).numpy().view(np.uint32)
out['sparse_xent'] = tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits).numpy().view(np.uint32)
out['xent'] = tf.nn.softmax_cross_entropy_with_logits(np.eye(17, dtype=np.float32)[labels], logits).numpy().view(np.uint32)
long_row = (rng.standard_normal((3, 1000)) * 2).astype(np.float32)
out['long_row'] = long_row.view(np.uint32)
out['long_row_sum'] = tf.reduce_sum(long_row, axis=1).numpy().view(np.uint32)
very_long = (rng.standard_normal((2, 9001)) * 2).astype(np.float32)     # past Eigen's 8192-value leaf
out['very_long_row'] = very_long.view(np.uint32)
out['very_long_logsumexp'] = tf.reduce_logsumexp(very_long, axis=1).numpy().view(np.uint32)
print(x.size, x.size % 8)
np.savez_compressed(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'eigen_math.npz'), **out)
