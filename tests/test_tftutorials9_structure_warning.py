"""The preprocessing-layers tutorial (tensorflow.org, structured_data/preprocessing_layers) feeds its
functional model batches whose dict holds one more column ('target') than the model's Inputs. Keras 3
warns "The structure of `inputs` doesn't match the expected structure" from one line of Functional, so
Python's once-per-place filter shows each text once; in fit, only the step TF traces (batch axis None)
runs that Python. TF 2.21 printed it once in the tutorial; tapeflow printed it from each caller's line,
for every batch size and again in predict and evaluate. The counts below are TF 2.21's for the same
program under Python's default filters (/work/notes/progs/tftutorials9/probe_extra2.py)."""
import os
import subprocess
import sys
import textwrap

_PROGRAM = textwrap.dedent('''
    import numpy as np
    import framework as tf
    inp = {'a': tf.keras.Input(shape=(1,), name='a'), 'b': tf.keras.Input(shape=(1,), name='b')}
    m = tf.keras.Model(inp, tf.keras.layers.Dense(1)(tf.keras.layers.concatenate([inp['a'], inp['b']])))
    m.compile('adam', 'mse')
    x3 = {'b': np.ones((4, 1)), 'a': np.ones((4, 1)), 't': np.ones((4, 1))}
    m(x3)
    m({'b': np.ones((4, 1)), 'a': np.ones((4, 1))})       # another order, same keys: no warning
    m.predict(x3, verbose=0)                              # the same text again: not shown
    ds = tf.data.Dataset.from_tensor_slices((x3, np.ones(4))).batch(2)
    m.fit(ds, verbose=0)                                  # the trace's (None, 1) text: shown once
    m.fit(x3, np.ones(4), verbose=0)
    m.evaluate(ds, verbose=0)
''')


def test_the_structure_warning_shows_each_text_once():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    run = subprocess.run([sys.executable, '-c', _PROGRAM], capture_output=True, text=True, timeout=300, cwd=root)
    assert run.returncode == 0, run.stderr
    received = [line for line in run.stderr.splitlines() if line.startswith('Received: inputs=')]
    assert received == [
        "Received: inputs={'b': 'Tensor(shape=(4, 1))', 'a': 'Tensor(shape=(4, 1))', 't': 'Tensor(shape=(4, 1))'}",
        "Received: inputs={'b': 'Tensor(shape=(None, 1))', 'a': 'Tensor(shape=(None, 1))', "
        "'t': 'Tensor(shape=(None, 1))'}"]
    # from the library's one line, as Keras's functional.py:259
    assert run.stderr.count("input_structure.py") == 2
