"""A convolution's bad padding text prints Keras 3's Python set, whose order follows PYTHONHASHSEED: under the same
hash seed (and Python 3.11) tapeflow prints TF 2.21's order; it printed one run's order, fixed.
Texts: TF 2.21 (Keras 3) under PYTHONHASHSEED=1..4, 13, 15 (1..24 compared when written)."""
import os
import subprocess
import sys

import pytest

# the text's own function, loaded alone (importing the framework per hash seed takes seconds); the layers call it
# (tests/test_msgtext7_layer_arguments.py pins that they print it)
PROGRAM = '''
import importlib.util, sys
spec = importlib.util.spec_from_file_location('argument_tuples', sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
for causal in (True, False):
    try:
        module.standardized_padding('foo', 'Conv', allow_causal=causal)
    except ValueError as error:
        print(str(error).split('one of ')[1].split('.')[0])
'''

# TF 2.21 gives (Conv1D allows 'causal', Conv2D does not)
TF = {1: ["{'causal', 'valid', 'same'}", "{'valid', 'same'}"], 2: ["{'valid', 'causal', 'same'}", "{'valid', 'same'}"],
      3: ["{'same', 'valid', 'causal'}", "{'same', 'valid'}"], 4: ["{'same', 'valid', 'causal'}", "{'same', 'valid'}"],
      # two names share a slot under these seeds: the order of insertion decides (Keras's compiled frozenset's)
      13: ["{'same', 'causal', 'valid'}", "{'same', 'valid'}"], 15: ["{'same', 'causal', 'valid'}", "{'same', 'valid'}"]}


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason='set orders measured on Python 3.11')
@pytest.mark.parametrize('seed', sorted(TF))
def test_padding_set_prints_in_tf_order_under_the_same_hash_seed(seed):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONHASHSEED=str(seed))
    out = subprocess.run([sys.executable, '-c', PROGRAM, os.path.join(root, 'layers', 'argument_tuples.py')], env=env,
                         capture_output=True, text=True, check=True, cwd=root)
    assert out.stdout.splitlines() == TF[seed]
