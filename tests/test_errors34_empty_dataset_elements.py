"""errors34: a dataset whose elements would hold no tensor is refused by TF 2.21's op registry
(Dataset.zip(()), zip({}), from_tensors(()), from_tensors(None); printed by /work/notes/progs/errors34/data4.py under
/opt/tfref): InvalidArgumentError "Length for attr 'output_types' of 0 must be at least minimum 1 ... {{node
ZipDataset}} ...". TF names one of the kernel's empty attributes, which one varying from run to run ('output_types',
'output_shapes', 'N'); tapeflow names the first. Before: zip raised TypeError 'Invalid input to `zip`...',
from_tensors(None) ValueError 'Attempt to convert a value (None) ...', and from_tensors(()) made a dataset."""
import pytest

import framework as tf


@pytest.mark.parametrize('make, kernel', [
    (lambda: tf.data.Dataset.zip(()), 'ZipDataset'),
    (lambda: tf.data.Dataset.zip({}), 'ZipDataset'),
    (lambda: tf.data.Dataset.from_tensors(()), 'TensorDataset'),
    (lambda: tf.data.Dataset.from_tensors(None), 'TensorDataset'),
])
def test_no_component_is_the_kernels_refusal(make, kernel):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        make()
    text = str(caught.value)
    assert ' of 0 must be at least minimum 1\n\t; NodeDef: {{node %s}}; Op<name=%s; signature=' % (kernel, kernel) in text
    assert text.endswith('> [Op:%s] name: ' % kernel)


def test_zip_of_datasets_and_from_tensors_of_values_still_work():
    ds = tf.data.Dataset.zip((tf.data.Dataset.range(2), tf.data.Dataset.range(2)))
    assert [tuple(int(v) for v in e) for e in ds] == [(0, 0), (1, 1)]
    assert int(next(iter(tf.data.Dataset.from_tensors(3)))) == 3
    with pytest.raises(TypeError, match='Invalid input to `zip`'):
        tf.data.Dataset.zip((tf.data.Dataset.range(2), 3))
