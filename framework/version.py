"""tapeflow's version, where ported programs look for TensorFlow's (``tf.__version__``,
``tf.version.VERSION``, ``keras.__version__``). setup.cfg reads it from here."""
VERSION = '0.1.0'
__version__ = VERSION
