"""A layer a subclassed model builds inside a traced fit / evaluate step on a tensor of its own
records that tensor's length, not None, as Keras 3 does; run_eagerly steps build on the batch.

keras.io's graph/gat_node_classification keeps the graph (node states, edges) on the model and
calls ``self.preprocess(self.node_states)`` in ``call``: in TF 2.21 + Keras 3 the summary shows
``dense (Dense) (2708, 800)`` (the node count), tapeflow showed ``(None, 800)``: its traced step
built every layer with a None batch axis. Now only a first axis that can come from the batch (a
multiple of the step's batch length: the batch itself, or merged with another axis by a
reshape) is None. With ``run_eagerly=True`` Keras traces nothing: layers record the first batch.

Goldens: TF 2.21 + Keras 3 probes /work/notes/progs/kerasio15/d1.py, d2.py (get_build_config).
"""
import numpy as np

from framework import keras
from framework.keras import layers, ops

TABLE = np.random.RandomState(0).rand(10, 3).astype('float32')


class _TableNet(keras.Model):
    """Looks its inputs (row numbers) up in a table it transforms with two Dense layers."""

    def __init__(self):
        super().__init__()
        self.table = ops.convert_to_tensor(TABLE)
        self.pre = layers.Dense(4)
        self.post = layers.Dense(2)
        self.head = layers.Dense(1)

    def call(self, idx):
        rows = ops.take(self.post(self.pre(self.table)), idx, axis=0)
        return self.head(rows)


class _MergedNet(keras.Model):
    """Merges the batch with the time axis before its first Dense (a multiple of the batch length)."""

    def __init__(self):
        super().__init__()
        self.d = layers.Dense(4)
        self.h = layers.Dense(1)

    def call(self, x):
        y = self.d(ops.reshape(x, (-1, 3)))
        return self.h(ops.reshape(y, (-1, 5 * 4)))


def _configs(model, *names):
    return [getattr(model, name).get_build_config()['input_shape'] for name in names]


def setup_function(_):
    keras.utils.set_random_seed(1)


def teardown_function(_):
    import framework as tf
    tf.random.set_seed(None)
    keras.backend.clear_session()


def test_fit_builds_table_layers_on_the_table_length():
    model = _TableNet()
    model.compile('sgd', 'mse')
    model.fit(np.arange(7) % 10, np.ones((7, 1)), batch_size=3, epochs=1, verbose=0)
    # TF: [(10, 3), (10, 4), (None, 2)]; the head sees rows taken per batch
    assert _configs(model, 'pre', 'post', 'head') == [(10, 3), (10, 4), (None, 2)]


def test_summary_rows_show_the_table_length():
    model = _TableNet()
    model.compile('sgd', 'mse')
    model.fit(np.arange(7) % 10, np.ones((7, 1)), batch_size=3, epochs=1, verbose=0)
    lines = []
    model.summary(print_fn=lines.append)
    text = '\n'.join(lines)
    assert '(10, 4)' in text and '(10, 2)' in text and '(None, 1)' in text


def test_evaluate_builds_table_layers_on_the_table_length():
    model = _TableNet()
    model.compile('sgd', 'mse')
    model.evaluate(np.arange(10) % 10, np.ones((10, 1)), batch_size=9, verbose=0)
    assert _configs(model, 'pre', 'post', 'head') == [(10, 3), (10, 4), (None, 2)]


def test_batch_merged_by_reshape_stays_open():
    model = _MergedNet()
    model.compile('sgd', 'mse')
    model.fit(np.ones((7, 5, 3)), np.ones((7, 1)), batch_size=3, epochs=1, verbose=0)
    assert _configs(model, 'd', 'h') == [(None, 3), (None, 20)]


def test_run_eagerly_builds_on_the_first_batch():
    model = _MergedNet()
    model.compile('sgd', 'mse', run_eagerly=True)
    model.fit(np.ones((7, 5, 3)), np.ones((7, 1)), batch_size=3, epochs=1, verbose=0)
    assert _configs(model, 'd', 'h') == [(15, 3), (3, 20)]

