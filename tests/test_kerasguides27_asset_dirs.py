"""The directory ``save_assets`` / ``load_assets`` receive is ``.../assets/<the layer's path>``.

The customizing-saving guide's LayerWithCustomAssets writes its vocabulary into the directory it is
handed; Keras 3.15's asset store names that directory after the layer's place in the saved tree, so a
layer that prints it, or names files after ``os.path.basename(dir_path)``, sees the same as under TF.
Expected values: TF 2.21 / Keras 3.15 (progs/kerasguides27/m3b_assetdir.py).
"""
import os

from framework import keras


SEEN = []  # module level: a list set on a layer is tracked as a copy


class RecordsItsDirectory(keras.layers.Layer):
    def call(self, x):
        return x

    def _record(self, kind, inner_path):
        parts = inner_path.replace('\\', '/').split('/')
        SEEN.append((kind, '/'.join(parts[parts.index('assets'):]), sorted(os.listdir(inner_path))))

    def save_assets(self, inner_path):
        self._record('save', inner_path)
        with open(os.path.join(inner_path, 'v.txt'), 'w') as f:
            f.write('a b')

    def load_assets(self, inner_path):
        self._record('load', inner_path)


def test_save_and_load_assets_get_the_layers_path_under_assets(tmp_path):
    SEEN.clear()
    inner = keras.Sequential([RecordsItsDirectory(name='inner_vocab')], name='block')
    x = keras.Input((2,))
    model = keras.Model(x, RecordsItsDirectory(name='top')(inner(x)))
    model.save(tmp_path / 'm.keras')
    keras.models.load_model(tmp_path / 'm.keras', custom_objects={'RecordsItsDirectory': RecordsItsDirectory})
    assert SEEN == [('save', 'assets/layers/sequential/layers/records_its_directory', []),
                    ('save', 'assets/layers/records_its_directory', []),
                    ('load', 'assets/layers/sequential/layers/records_its_directory', ['v.txt']),
                    ('load', 'assets/layers/records_its_directory', ['v.txt'])]


def test_the_guides_sequential_layer_sees_its_snake_case_name(tmp_path):
    SEEN.clear()
    model = keras.Sequential([RecordsItsDirectory()])
    model(keras.ops.ones((1, 2)))
    model.save(tmp_path / 'm.keras')
    assert SEEN == [('save', 'assets/layers/records_its_directory', [])]
