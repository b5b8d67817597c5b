"""wordlekit."""
