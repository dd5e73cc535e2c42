"""predict's trace bookkeeping (layers/training/step_traces.py) remembers the shapes of the latest batch a
trace served, so equal batches skip the search; the answers must stay those of the search: which steps
trace (their prints show) and whether the serving trace fixes every axis (graph_rewrites.PREDICT_STATIC),
across batch sizes, a short last batch (reduce_retracing frees the batch axis) and later predict calls."""
import numpy as np

from framework import keras
from framework.ops import graph_rewrites


class Probe(keras.layers.Layer):
    def __init__(self, seen, **kwargs):
        super().__init__(**kwargs)
        self.seen = seen

    def call(self, x):
        self.seen.append(graph_rewrites.PREDICT_STATIC[0])
        print('traced', tuple(x.shape))
        return x * 2.0


def test_static_answers_and_traces_across_predict_calls(capsys):
    model = keras.Sequential([keras.Input((5,)), Probe([])])
    seen = model.layers[-1].seen        # (the layer's own tracked copy of the list, as in Keras 3)
    seen.clear()        # (the build's symbolic run)
    capsys.readouterr()
    x = np.arange(50, dtype=np.float32).reshape(10, 5)
    out = model.predict(x, batch_size=4, verbose=0)            # (4, 5), (4, 5), (2, 5): the last one retraces
    assert out.tobytes() == (x * 2).tobytes()
    model.predict(x[:8], batch_size=4, verbose=0)              # served by the first trace
    model.predict(x[:2], batch_size=4, verbose=0)              # served by the relaxed (None, 5) trace
    model.predict(x[:3], batch_size=4, verbose=0)              # (3, 5): the same relaxed trace
    model.predict(x[:4], batch_size=4, verbose=0)
    assert seen == [True, True, False, True, True, False, False, True]
    assert capsys.readouterr().out.splitlines() == ['traced (4, 5)', 'traced (None, 5)']


def test_a_new_feature_size_traces_again(capsys):
    model = keras.Sequential([Probe([])])
    seen = model.layers[-1].seen        # (the layer's own tracked copy of the list, as in Keras 3)
    capsys.readouterr()
    model.predict(np.ones((4, 3), np.float32), batch_size=4, verbose=0)
    model.predict(np.ones((4, 6), np.float32), batch_size=4, verbose=0)      # another rank-2 shape: (4, None)
    model.predict(np.ones((4, 3), np.float32), batch_size=4, verbose=0)      # the first trace serves it again
    model.predict(np.ones((4, 7), np.float32), batch_size=4, verbose=0)
    assert seen == [True, True, False, True, False]         # (the first trace builds the model: two runs)
    assert capsys.readouterr().out.splitlines() == ['traced (4, 3)', 'traced (4, 3)', 'traced (4, None)']
