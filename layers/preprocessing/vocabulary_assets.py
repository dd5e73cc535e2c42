"""An adapted vocabulary saved as a file beside the weights (``.keras`` assets), as Keras 3.

Keras 3's lookup layers keep a vocabulary learned by ``adapt`` (or set by
``set_vocabulary``) out of their config: ``save_assets`` writes it to
``vocabulary.txt``, one token a line, special tokens first, and
``load_assets`` reads it back (see layers/saving/assets.py). A vocabulary
given to the constructor stays in the config and writes no file.
"""
import os


class VocabularyAssets:
    """``save_assets`` / ``load_assets`` for IndexLookup (StringLookup, IntegerLookup, and
    TextVectorization through its lookup layer), and the tf_idf weights beside the layer's
    variables (``saved_arrays`` / ``load_saved_arrays``, Keras 3's ``vars/idf_weights``)."""

    _loaded_idf_weights = None

    def saved_arrays(self):
        """{'idf_weights': the weights of every index} in tf_idf mode; nothing otherwise."""
        if self.output_mode == 'tf_idf' and self._idf_array is not None:
            return {'idf_weights': self._idf_array}
        return {}

    def load_saved_arrays(self, arrays):
        """Keep the saved idf weights for ``load_assets`` (Keras reads variables before assets)."""
        if 'idf_weights' in arrays:
            self._loaded_idf_weights = arrays['idf_weights']

    def save_assets(self, dir_path):
        """Write the vocabulary (special tokens included) to ``dir_path/vocabulary.txt``, one token a
        line; a vocabulary given to the constructor is in the config instead."""
        if self.input_vocabulary is not None:
            return
        with open(os.path.join(dir_path, 'vocabulary.txt'), 'w', encoding='utf-8') as f:
            f.write('\n'.join(str(token) for token in self.get_vocabulary(include_special_tokens=True)))

    def load_assets(self, dir_path):
        """Set the vocabulary from ``dir_path/vocabulary.txt`` (written by ``save_assets`` or Keras 3).

        Raises:
            FileNotFoundError: no vocabulary.txt there.
            ValueError: tf_idf mode without saved idf weights, or a token that is not an
                integer for an integer vocabulary.
        """
        if self.input_vocabulary is not None:
            return
        with open(os.path.join(dir_path, 'vocabulary.txt'), encoding='utf-8') as f:
            lines = f.read().splitlines()       # Keras's reading: str.splitlines, trailing blank lines dropped
        while lines and lines[-1] == '':
            lines.pop()
        tokens = lines if self.vocabulary_dtype == 'string' else [int(line) for line in lines]
        if self.output_mode != 'tf_idf':
            self.set_vocabulary(tokens)
            return
        if self._loaded_idf_weights is None:
            raise ValueError("%s %r: an adapted vocabulary with output_mode='tf_idf' needs its idf weights "
                             "(vars/idf_weights in the weights file), which are missing; save the model again"
                             % (type(self).__name__, self.name))
        # Keras saves one weight per index, padded to max_tokens with pad_to_max_tokens.
        self.set_vocabulary(tokens, idf_weights=self._loaded_idf_weights[:len(tokens)])
