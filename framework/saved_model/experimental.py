"""``tf.saved_model.experimental``: of TF 2.21's names, the one tapeflow has, VariablePolicy (save_options.py)."""
from .options import VariablePolicy

__all__ = ['VariablePolicy']
